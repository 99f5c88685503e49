#!/usr/bin/python3
"""The JSON Schemas in schemas/ checked with a real validator (Debian's python3-jsonschema, draft 2020-12).

Usage: scripts/check-schemas.py APP_BINARY

Fails unless:
  - each schema in schemas/ is a valid draft 2020-12 schema and is what `App links schema NAME` prints;
  - the App's documents validate: its committed links snapshot (App/links.json), the links it
    exports now, its example route configuration, its conformance vectors (and App/link-vectors.json,
    which must equal them);
  - every doctored document is refused by the schema, and each doctored route configuration is
    refused by the App's own parser too (`App --config FILE routes` exits 1), so schema and parser agree.
"""

import copy
import json
import os
import subprocess
import sys
import tempfile

from jsonschema import Draft202012Validator

failures = []


def fail(message):
    failures.append(message)
    print("schemas: FAIL: " + message)


def run(app, *arguments):
    result = subprocess.run([app, *arguments], capture_output=True)
    if result.returncode != 0:
        fail("App %s exited %d: %s" % (" ".join(arguments), result.returncode, result.stderr.decode()))
    return result.stdout.decode("utf-8")


def main():
    if len(sys.argv) != 2:
        print("usage: check-schemas.py APP_BINARY")
        sys.exit(64)
    app = sys.argv[1]
    validators = {}
    for name in ["links", "route-configuration", "link-vectors"]:
        path = os.path.join("schemas", name + ".schema.json")
        committed = open(path, encoding="utf-8").read()
        if committed != run(app, "links", "schema", name):
            fail("%s differs from `App links schema %s`; write it with: swift run App links schema %s > %s" % (path, name, name, path))
        schema = json.loads(committed)
        Draft202012Validator.check_schema(schema)
        validators[name] = Draft202012Validator(schema)

    def valid(name, document, label):
        errors = sorted(validators[name].iter_errors(document), key=lambda e: list(e.path))
        if errors:
            fail("%s does not validate against %s: %s at %s" % (label, name, errors[0].message, list(errors[0].path)))
        else:
            print("schemas: %s validates against %s" % (label, name))

    def refused(name, document, label):
        if validators[name].is_valid(document):
            fail("the doctored %s (%s) validates against %s" % (name, label, name))

    links = json.loads(open("App/links.json", encoding="utf-8").read())
    valid("links", links, "App/links.json")
    exported = json.loads(run(app, "links", "export", "--json"))
    valid("links", exported, "App links export --json")
    config = json.loads(open("App/Examples/route-config.json", encoding="utf-8").read())
    valid("route-configuration", config, "App/Examples/route-config.json")
    vectors_text = run(app, "links", "vectors")
    vectors = json.loads(vectors_text)
    valid("link-vectors", vectors, "App links vectors")
    if open("App/link-vectors.json", encoding="utf-8").read() != vectors_text:
        fail("App/link-vectors.json differs from `App links vectors`; write it with: swift run App links vectors > App/link-vectors.json")
    else:
        valid("link-vectors", json.loads(vectors_text), "App/link-vectors.json")

    # Doctored documents: one change each, every one of which the schema must refuse.
    def doctor(document, change):
        doctored = copy.deepcopy(document)
        change(doctored)
        return doctored

    doctored_links = {
        "version 2": lambda d: d.update(version=2),
        "an unknown top-level key": lambda d: d.update(extra=True),
        "an action with no routes": lambda d: d["actions"][0].update(routes=[]),
        "a route of an unknown kind": lambda d: d["actions"][0]["routes"][0].update(kind="regex"),
        "a route path without its slash": lambda d: d["actions"][0]["routes"][0].update(path="cart"),
        "required as text": lambda d: d["actions"][0]["parameters"][0].update(required="yes"),
        "an action without a target": lambda d: d["actions"][0].pop("target"),
        "an upper-case scheme": lambda d: d["schemes"][0].update(name="Shop"),
    }
    for label, change in doctored_links.items():
        refused("links", doctor(links, change), label)

    doctored_configs = {
        "version as text": lambda d: d.update(version="1"),
        "an unknown key in a rule": lambda d: d["rules"][0].update(redirect="/x"),
        "two effects in one rule": lambda d: d["rules"][0].update(disabled=True),
        "disabled: false": lambda d: d["rules"][2].update(disabled=False),
        "a reason on a redirect": lambda d: d["rules"][0].update(reason="why"),
        "a pattern and an action in one rule": lambda d: d["rules"][0].update(target="Cart", action="show"),
        "a degrade with no webFallback": lambda d: d.pop("webFallback"),
        "a degrade to a javascript: URL": lambda d: d["rules"][1].update(degradeTo="javascript:alert(1)"),
        "an unknown top-level key": lambda d: d.update(rule=[]),
    }
    with tempfile.TemporaryDirectory() as folder:
        for label, change in doctored_configs.items():
            doctored = doctor(config, change)
            refused("route-configuration", doctored, label)
            path = os.path.join(folder, "doctored.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(doctored, file)
            parsed = subprocess.run([app, "--config", path, "routes"], capture_output=True)
            if parsed.returncode == 0:
                fail("the App applies the doctored route configuration (%s) the schema refuses" % label)
        parsed = subprocess.run([app, "--config", "App/Examples/route-config.json", "routes"], capture_output=True)
        if parsed.returncode != 0:
            fail("the App refuses its own example route configuration: %s" % parsed.stderr.decode())

    opened = next(v for v in vectors["vectors"] if "opens" in v)
    doctored_vectors = {
        "a vector that both opens and is refused": lambda d: d["vectors"][0].update(refused={"code": "noRouteMatched"}),
        "a vector with neither": lambda d: d["vectors"][0].pop("opens"),
        "a parameter value that is not text": lambda d: d["vectors"][0]["opens"]["parameters"].update(id=1),
        "no vectors": lambda d: d.update(vectors=[]),
    }
    if opened is not vectors["vectors"][0]:
        fail("the vectors do not start with an example that opens")
    for label, change in doctored_vectors.items():
        refused("link-vectors", doctor(vectors, change), label)

    count = len(doctored_links) + len(doctored_configs) + len(doctored_vectors)
    if failures:
        print("schemas: %d problem(s)" % len(failures))
        sys.exit(1)
    print("schemas: passed; %d doctored documents refused (and %d doctored configurations by the App too)" % (count, len(doctored_configs)))


if __name__ == "__main__":
    main()
