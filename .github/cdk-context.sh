#!/usr/bin/env bash
# Prints CDK_CONTEXT=<the -c flags> for $GITHUB_ENV, from the variables the deploy workflow maps into the
# environment (docs/ci-cd.md lists them); an empty variable gives no flag, so cdk.json's default holds.
set -euo pipefail
flags=()
add() {
  local key=$1 value=${2:-}
  [ -z "$value" ] && return 0
  # Names, addresses and numbers only: the flags are split on spaces where the workflow uses them.
  if ! [[ $value =~ ^[A-Za-z0-9@._+-]+$ ]]; then
    echo "Variable for context $key has characters a CDK context value here may not: $value" >&2
    exit 1
  fi
  flags+=("-c" "$key=$value")
}
add stage "${STAGE:-}"
add region "${REGION:-}"
add domainName "${DOMAIN_NAME:-}"
add hostedZoneName "${HOSTED_ZONE_NAME:-}"
add mailDomain "${MAIL_DOMAIN:-}"
add alarmEmail "${ALARM_EMAIL:-}"
add monthlyBudgetUsd "${MONTHLY_BUDGET_USD:-}"
add adminEmail "${ADMIN_EMAIL:-}"
add contactEmail "${CONTACT_EMAIL:-}"
echo "CDK_CONTEXT=${flags[*]}"
