"""Packaging glue: maps the top-level folders onto the ``hexmate.*`` import names.

pyproject.toml holds the metadata; this file only lists packages, because setuptools cannot discover
sub-packages of a remapped folder on its own.
"""

from setuptools import find_namespace_packages, setup

# Top-level folder -> import name. There is no bare ``host`` or ``rules`` package: both names are taken
# on the package index by unrelated projects.
FOLDERS = {
    "hexmate.host": "host",
    "hexmate.rules": "rules",
    "hexmate.firmware": "firmware",
    "hexmate.hardware": "hardware",
}

packages = []
for name, folder in FOLDERS.items():
    packages.append(name)
    packages.extend(f"{name}.{sub}" for sub in find_namespace_packages(folder, exclude=["*__pycache__*"]))

DATA = [
    "*.json", "*.md", "*.pyi", "*.html", "*.js", "*.css", "*.svg", "*.txt", "*.toml", "*.po",
    "**/*.json", "**/*.html", "**/*.js", "**/*.css", "**/*.svg", "**/*.md", "**/*.po",
]

setup(
    packages=packages,
    package_dir=FOLDERS,
    package_data={name: DATA for name in packages},
)
