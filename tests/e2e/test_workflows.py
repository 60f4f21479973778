"""The forge's workflows (.github/workflows/*.yml) against the repository.

Every workflow is parsed (python3-yaml); every `run` step must call scripts
of the repository that exist (each `&&`-separated command starts with a
path in the tree), except the bootstrap step that runs before the checkout
(no script there yet), which may use only apt-get, rm and git. ci.yml's
stage jobs - every job that has a step named "stage" - must be .ci/run's
stages in .ci/run's order, each running `ci/stage.sh NAME COMMAND` with the
name and the command .ci/run gives that stage, in the debian:12 container,
after `ci/deps.sh`. The site is deployed to Pages from main only, and no
workflow names a secret other than the standard GITHUB_TOKEN. The checks
are run on broken copies too, so that each can fail."""
import copy
import re
import shlex

import pytest
import yaml

from conftest import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
BOOTSTRAP_COMMANDS = {"apt-get", "rm", "git"}


def ci_run_stages(text=None):
    """[(name, command)] of .ci/run's names=(...) and cmds=(...) arrays."""
    text = text if text is not None else (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    arrays = {}
    for key in ("names", "cmds"):
        m = re.search(r"^%s=\((.*)\)$" % key, text, re.M)
        assert m, ".ci/run: no %s=(...) line" % key
        arrays[key] = shlex.split(m.group(1), posix=True)
    assert len(arrays["names"]) == len(arrays["cmds"]) >= 5, arrays
    return list(zip(arrays["names"], arrays["cmds"]))


def load(path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(doc, dict) and doc.get("jobs"), "%s: no jobs" % path.name
    return doc


def triggers(doc):
    # YAML 1.1 reads the key `on` as true
    return doc.get("on", doc.get(True))


def step_problems(doc, where):
    """Run steps that call no script of the repository."""
    problems = []
    for job_id, job in doc["jobs"].items():
        for step in job.get("steps", []):
            if "run" not in step:
                if "uses" not in step:
                    problems.append("%s: %s: a step with neither run nor uses" % (where, job_id))
                continue
            for command in re.split(r"&&|\|\||;|\n", step["run"]):
                words = shlex.split(command)
                if not words:
                    continue
                first = words[0]
                if step.get("name") == "bootstrap":
                    if first not in BOOTSTRAP_COMMANDS:
                        problems.append("%s: %s: bootstrap runs %s (only %s)" %
                                        (where, job_id, first, ", ".join(sorted(BOOTSTRAP_COMMANDS))))
                elif "/" not in first or not (ROOT / first).is_file():
                    problems.append("%s: %s: step '%s' runs '%s', not a script of the repository" %
                                    (where, job_id, step.get("name", "?"), first))
    return problems


def stage_problems(doc, stages):
    """ci.yml's stage jobs against .ci/run's stages."""
    problems, found = [], []
    for job_id, job in doc["jobs"].items():
        steps = job.get("steps", [])
        stage_steps = [s for s in steps if s.get("name") == "stage"]
        if not stage_steps:
            continue
        words = shlex.split(stage_steps[0]["run"])
        if len(words) != 3 or words[0] != "ci/stage.sh":
            problems.append("%s: the stage step is not 'ci/stage.sh NAME COMMAND': %s" % (job_id, stage_steps[0]["run"]))
            continue
        found.append((words[1], words[2]))
        if job.get("name") != words[1]:
            problems.append("%s: job name %r, stage %r" % (job_id, job.get("name"), words[1]))
        if job.get("container") != "debian:12":
            problems.append("%s: not in the debian:12 container" % job_id)
        runs = [s.get("run", "") for s in steps]
        deps = [i for i, r in enumerate(runs) if r.startswith("ci/deps.sh")]
        if not deps or deps[0] > steps.index(stage_steps[0]):
            problems.append("%s: no ci/deps.sh step before the stage" % job_id)
        caches = [s["with"]["path"] for s in steps if str(s.get("uses", "")).startswith("actions/cache@")]
        if "/var/cache/apt/archives" not in caches or len(caches) < 2:
            problems.append("%s: caches %s: expected apt's archives and the build's" % (job_id, caches))
        if not any(str(s.get("uses", "")).startswith("actions/upload-artifact@") for s in steps):
            problems.append("%s: uploads no artifact" % job_id)
    if found != stages:
        problems.append("ci.yml's stages %s are not .ci/run's %s" % (found, stages))
    return problems


def secret_problems(text, where):
    return ["%s names the secret %s" % (where, s) for s in sorted(set(re.findall(r"secrets\.(\w+)", text)))
            if s != "GITHUB_TOKEN"]


def all_workflows():
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert files, "no workflow in .github/workflows"
    return files


@pytest.mark.parametrize("path", all_workflows(), ids=lambda p: p.name)
def test_every_step_calls_a_script_that_exists(path):
    doc = load(path)
    assert triggers(doc), "%s: no 'on:'" % path.name
    assert step_problems(doc, path.name) == []
    assert secret_problems(path.read_text(encoding="utf-8"), path.name) == []


def test_ci_runs_the_stages_of_ci_run():
    doc = load(WORKFLOWS / "ci.yml")
    assert stage_problems(doc, ci_run_stages()) == []
    jobs = doc["jobs"]
    # the site: built after every other stage, uploaded, deployed from main only
    publish = [j for j in jobs.values() if j.get("name") == "publish"][0]
    others = {k for k, j in jobs.items() if any(s.get("name") == "stage" for s in j.get("steps", []))
              and j.get("name") != "publish"}
    assert set(publish["needs"]) == others and publish.get("if") == "always()"
    uses = [s.get("uses", "") for s in publish["steps"]]
    assert any(u.startswith("actions/download-artifact@") for u in uses)
    assert any(u.startswith("actions/upload-pages-artifact@") for u in uses)
    deploy = [j for j in jobs.values() if any(str(s.get("uses", "")).startswith("actions/deploy-pages@")
                                              for s in j.get("steps", []))]
    assert len(deploy) == 1 and "refs/heads/main" in deploy[0]["if"]
    assert deploy[0]["permissions"] == {"pages": "write", "id-token": "write"}
    # the new fuzz regressions are an artifact of their own
    text = (WORKFLOWS / "ci.yml").read_text(encoding="utf-8")
    assert "build-ci/results/fuzz-regressions/" in text


def test_clusterfuzzlite_workflows():
    modes = {}
    for path in all_workflows():
        doc = load(path)
        for job in doc["jobs"].values():
            for s in job.get("steps", []):
                if str(s.get("uses", "")).startswith("google/clusterfuzzlite/actions/run_fuzzers@"):
                    modes[s["with"]["mode"]] = path.name
                if str(s.get("uses", "")).startswith("google/clusterfuzzlite/actions/build_fuzzers@"):
                    assert s["with"]["language"] == "c"
    assert set(modes) == {"code-change", "batch"}, modes
    assert "pull_request" in triggers(load(WORKFLOWS / modes["code-change"]))
    assert "schedule" in triggers(load(WORKFLOWS / modes["batch"]))
    assert (ROOT / ".clusterfuzzlite" / "build.sh").is_file()


def test_the_checks_can_fail():
    doc = load(WORKFLOWS / "ci.yml")
    stages = ci_run_stages()
    # a stage .ci/run has and ci.yml lacks
    assert stage_problems(doc, stages + [("extra", "ci/extra.sh")])
    # a stage whose command differs
    broken = copy.deepcopy(doc)
    job = next(j for j in broken["jobs"].values() if j.get("name") == "builds")
    step = next(s for s in job["steps"] if s.get("name") == "stage")
    step["run"] = 'ci/stage.sh "builds" "ci/builds.sh gcc"'
    assert stage_problems(broken, stages)
    # a script that does not exist, an inline command
    step["run"] = "ci/no-such-script.sh"
    assert step_problems(broken, "ci.yml")
    step["run"] = "make -C build"
    assert step_problems(broken, "ci.yml")
    # another secret
    assert secret_problems("token: ${{ secrets.MY_PAT }}", "x.yml")
    # .ci/run parsed: a stage added there is seen
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace('"publish")', '"publish" "extra")', 1)
    text = text.replace('"ci/publish.sh")', '"ci/publish.sh" "ci/extra.sh")', 1)
    assert ci_run_stages(text)[-1] == ("extra", "ci/extra.sh")
