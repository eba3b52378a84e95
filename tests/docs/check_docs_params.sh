#!/usr/bin/env bash
# check_docs_params.sh - the parameter tables of docs/<family>.md match the registry
# (`graphrepro list --markdown`); `make docs` rewrites them.
exec bash "$(dirname "$0")/../../scripts/docs_params.sh" --check
