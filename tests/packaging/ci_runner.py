#!/usr/bin/env python3
"""Runs a CI template's shell steps on this machine, as the CI service would.

  ci_runner.py github action.yml WORKDIR [input=value ...]
  ci_runner.py gitlab template.yml WORKDIR [VARIABLE=value ...]

github: each step of the composite action in order, its `if:` evaluated
(inputs, steps.ID.outputs, ==, !=, &&, ||), `${{ }}` substituted in `env:`
and `run:`, run as GitHub runs `shell: bash` (bash --noprofile --norc -eo
pipefail), with GITHUB_OUTPUT, GITHUB_PATH and RUNNER_TEMP; `uses:` steps are
listed, not run. gitlab: the job's before_script and script lines under
`bash -eo pipefail` with its variables in the environment.
Prints a JSON summary on stdout; exits with the status of the first step that
failed (0 when none did).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def evaluate(expression, context):
    """A GitHub expression of the small subset the action uses, as a value."""
    def value(match):
        kind, rest = match.group(1), match.group(2)
        if kind == "inputs":
            return repr(context["inputs"].get(rest, ""))
        if kind == "github":
            return repr(context["github"].get(rest, ""))
        step, _, output = rest.partition(".outputs.")
        return repr(context["steps"].get(step, {}).get(output, ""))
    python = re.sub(r"\b(inputs|github|steps)\.([\w.-]+)", value, expression)
    python = python.replace("&&", " and ").replace("||", " or ")
    return eval(python, {"__builtins__": {}}, {})  # the template is ours, not user input


def substitute(text, context):
    return EXPRESSION.sub(lambda m: str(evaluate(m.group(1), context)), text)


def read_key_values(path):
    pairs = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                key, sep, val = line.rstrip("\n").partition("=")
                if sep:
                    pairs[key] = val
    return pairs


def run_github(action_path, workdir, overrides):
    with open(action_path) as f:
        action = yaml.safe_load(f)
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs.update(overrides)
    temp = tempfile.mkdtemp(prefix="runner-temp-")
    context = {"inputs": inputs, "steps": {}, "github": {"action_path": os.path.dirname(os.path.abspath(action_path))}}
    path_file = os.path.join(temp, "github_path")
    open(path_file, "w").close()
    summary, failed = [], 0
    for index, step in enumerate(action["runs"]["steps"]):
        name = step.get("name", f"step {index}")
        condition = step.get("if")
        if failed or (condition is not None and not evaluate(condition, context)):
            summary.append({"name": name, "ran": False})
            continue
        if "uses" in step:
            summary.append({"name": name, "ran": False, "uses": step["uses"]})
            continue
        output_file = os.path.join(temp, f"output_{index}")
        open(output_file, "w").close()
        env = dict(os.environ)
        extra_path = [line.strip() for line in open(path_file) if line.strip()]
        env["PATH"] = os.pathsep.join(extra_path + [env.get("PATH", "")])
        env.update({"GITHUB_OUTPUT": output_file, "GITHUB_PATH": path_file, "RUNNER_TEMP": temp})
        for key, val in step.get("env", {}).items():
            env[key] = substitute(str(val), context)
        script = substitute(step["run"], context)
        status = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                                cwd=workdir, env=env).returncode
        context["steps"][step.get("id", f"step{index}")] = read_key_values(output_file)
        summary.append({"name": name, "ran": True, "status": status})
        failed = status
    outputs = {name: substitute(spec["value"], context) for name, spec in action.get("outputs", {}).items()}
    print(json.dumps({"steps": summary, "outputs": outputs}))
    return failed


def run_gitlab(template_path, workdir, overrides):
    with open(template_path) as f:
        template = yaml.safe_load(f)
    job = template["forklift"]
    env = dict(os.environ)
    env.update({key: str(val) for key, val in job.get("variables", {}).items()})
    env.update(overrides)
    summary, failed = [], 0
    for section in ("before_script", "script"):
        for line in job.get(section, []):
            status = subprocess.run(["bash", "-eo", "pipefail", "-c", line], cwd=workdir, env=env).returncode
            summary.append({"section": section, "status": status})
            if status:
                failed = status
                break
        if failed:
            break
    report = os.path.join(workdir, job["artifacts"]["reports"]["codequality"])
    print(json.dumps({"steps": summary, "codequality": report}))
    return failed


def main():
    kind, template, workdir = sys.argv[1:4]
    overrides = dict(arg.split("=", 1) for arg in sys.argv[4:])
    runner = run_github if kind == "github" else run_gitlab
    sys.exit(runner(template, workdir, overrides))


if __name__ == "__main__":
    main()
