"""The translations, checked as hassfest would: every key used exists, en and fr agree."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from custom_components.memoire.models import RightsProblem

ROOT = Path(__file__).parents[2] / "custom_components" / "memoire"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "translations" / f"{name}.json").read_text("utf-8"))
    return data


def keys(data: object, prefix: str = "") -> set[str]:
    if not isinstance(data, dict):
        return {prefix}
    return {key for name, value in data.items() for key in keys(value, f"{prefix}/{name}")}


def placeholders(data: object) -> dict[str, set[str]]:
    if isinstance(data, dict):
        found: dict[str, set[str]] = {}
        for name, value in data.items():
            for key, names in placeholders(value).items():
                found[f"{name}/{key}"] = names
        return found
    return {"": set(re.findall(r"\{(\w+)\}", str(data)))}


def test_english_and_french_have_the_same_keys_and_placeholders() -> None:
    english, french = load("en"), load("fr")
    assert keys(english) == keys(french)
    assert placeholders(english) == placeholders(french)


def test_every_key_the_code_uses_is_translated() -> None:
    english = load("en")
    code = "\n".join(path.read_text("utf-8") for path in ROOT.glob("*.py"))
    used = set(re.findall(r'translation_key="(\w+)"', code))
    used |= set(re.findall(r"translation_key=(ISSUE_\w+)", code))
    for key in {key for key in used if not key.startswith("ISSUE_")}:
        assert key in english["exceptions"], key
    assert {"bridge_unreachable", "sentence_triggers_unavailable"} <= set(english["issues"])
    errors = set(re.findall(r'errors\["(?:base|url)"\] = "(\w+)"', code))
    errors |= set(re.findall(r'errors\[CONF_URL\] = "(\w+)"', code))
    errors |= {problem.value for problem in RightsProblem}  # the flow's `errors["base"] = problem`
    assert errors == set(english["config"]["error"])


def test_every_service_field_is_translated_and_has_an_icon() -> None:
    english = load("en")
    icons = json.loads((ROOT / "icons.json").read_text("utf-8"))
    services = yaml.safe_load((ROOT / "services.yaml").read_text("utf-8"))
    for service, definition in services.items():
        translated = english["services"][service]
        assert translated["name"]
        assert translated["description"]
        assert set(definition["fields"]) == set(translated["fields"])
        assert icons["services"][service]["service"].startswith("mdi:")


def test_the_manifest_is_complete() -> None:
    manifest = json.loads((ROOT / "manifest.json").read_text("utf-8"))
    assert list(manifest)[:2] == ["domain", "name"]
    assert list(manifest)[2:] == sorted(list(manifest)[2:])
    for key in ("codeowners", "config_flow", "documentation", "iot_class", "issue_tracker"):
        assert manifest[key]
    assert manifest["domain"] == ROOT.name
    assert "requirements" not in manifest
    hacs = json.loads((ROOT.parents[1] / "hacs.json").read_text("utf-8"))
    assert hacs["homeassistant"] == "2026.10.0"
    assert (ROOT / "brand" / "icon.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
