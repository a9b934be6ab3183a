//! Hand-written validation of batch/v1 jobs (and their status updates) and cron jobs, with the checks, field paths and messages of upstream's `pkg/apis/batch/validation`.
//!
//! Upstream's job strategy generates a job's selector and template labels before validating
//! (unless `manualSelector` is set); the test server does not, so a job without a selector and
//! without `manualSelector: true` is not asked for one, and the generated-selector checks are
//! skipped. A suspended job that never started may change its template's scheduling directives
//! (`template_update.rs`); status writes get the rules upstream's strategy switches on per update
//! (`status_options.rs`).

mod cron;
mod status_options;
mod template_update;
mod warnings;

use std::collections::BTreeSet;

use kapi_machinery::validation::prefixed::domain_prefixed_path;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{CronJob, Job, JobSpec, JobTemplateSpec, PodFailurePolicy, SuccessPolicy};
use crate::core::v1::validation::{
    PodValidationOptions, Selector, immutable, json_value, non_negative, selector_mismatch,
    validate_pod_template_spec_with,
};
use crate::meta::v1::validation::validate_label_selector;

const CONCURRENCY_POLICIES: &[&str] = &["Allow", "Forbid", "Replace"];
const COMPLETION_MODES: &[&str] = &["NonIndexed", "Indexed"];
const POD_FAILURE_ACTIONS: &[&str] = &["Count", "FailIndex", "FailJob", "Ignore"];
const EXIT_CODE_OPERATORS: &[&str] = &["In", "NotIn"];
const CONDITION_STATUSES: &[&str] = &["False", "True", "Unknown"];
const POD_REPLACEMENT_POLICIES: &[&str] = &["Failed", "TerminatingOrFailed"];
const MAX_POD_FAILURE_RULES: usize = 20;
const MAX_EXIT_CODE_VALUES: usize = 255;
const MAX_MANAGED_BY_LENGTH: usize = 63;
const MAX_SUCCESS_POLICY_RULES: usize = 20;
const MAX_SUCCEEDED_INDEXES_LENGTH: usize = 64 * 1024;
const MAX_PARALLELISM_FOR_INDEXED_JOB: i32 = 100_000;
const MAX_FAILED_INDEXES_FOR_INDEXED_JOB: i32 = 100_000;
const COMPLETIONS_SOFT_LIMIT: i32 = 100_000;
const PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS: i32 = 10_000;
const MAX_FAILED_INDEXES_FOR_HIGH_COMPLETIONS: i32 = 10_000;
/// A cron job's name leaves 11 characters of a 63-character job name for the controller's suffix.
const MAX_CRON_JOB_NAME: usize = 52;

/// `%q` of a list of strings as Go prints it: `["a" "b"]`.
fn go_quoted_list(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| kapi_machinery::validation::go_quote(s)).collect();
    format!("[{}]", quoted.join(" "))
}

fn int_list(values: Option<&Vec<i32>>) -> BadValue {
    match values {
        None => BadValue::Json("null".into()),
        Some(v) => BadValue::Json(format!("[{}]", v.iter().map(ToString::to_string).collect::<Vec<_>>().join(","))),
    }
}

/// Validates a `Job`: the spec's counts, completion mode, pod failure policy, replacement
/// policy, selector and template (restart policy `OnFailure` or `Never`); for an indexed job a
/// name that leaves room for the index; on update the immutable fields.
pub fn validate_job(obj: &Job, old: Option<&Job>) -> ErrorList {
    let path = Path::new("spec");
    let spec = &obj.spec;
    let opts = PodValidationOptions::from_old_template(old.map(|o| &o.spec.template));
    let mut errs = job_spec(spec, &opts, &path);
    let generated = spec.selector.is_none() && spec.manual_selector != Some(true);
    if !generated {
        let sel_path = path.child("selector");
        match &spec.selector {
            None => errs.push(FieldError::required(&sel_path, "")),
            Some(s) => errs.extend(validate_label_selector(s, &sel_path)),
        }
        if let Ok(sel) = Selector::of(spec.selector.as_ref()) {
            if sel.is_empty() {
                errs.push(FieldError::required(&sel_path, ""));
            }
            if !sel.matches(&spec.template.metadata.labels) {
                errs.push(selector_mismatch(&spec.template, &path.child("template")));
            }
        }
    }
    if old.is_none()
        && spec.completion_mode.as_ref().is_some_and(|m| m.0 == "Indexed")
        && let Some(n) = spec.completions.filter(|n| *n > 0)
    {
        let host = format!("{}-{}", obj.metadata.name, n - 1);
        if !kapi_machinery::validation::content::is_dns1123_label(&host).is_empty() {
            errs.push(FieldError::invalid(
                Path::new("metadata").child("name"),
                &obj.metadata.name,
                &format!("will not able to create pod with invalid DNS label: {host}"),
            ));
        }
    }
    if let Some(old) = old {
        let o = &old.spec;
        let indexed = spec.completion_mode.as_ref().is_some_and(|m| m.0 == "Indexed");
        if !indexed {
            errs.extend(immutable(
                &spec.completions,
                &o.completions,
                || json_value(&spec.completions),
                &path.child("completions"),
            ));
        } else if spec.completions != o.completions
            && let Some(n) = spec.completions
            && Some(n) != spec.parallelism
        {
            errs.push(FieldError::invalid_value(
                path.child("completions"),
                n,
                "can only be modified in tandem with spec.parallelism",
            ));
        }
        errs.extend(immutable(&spec.selector, &o.selector, || json_value(&spec.selector), &path.child("selector")));
        let old_template = if template_update::allows_mutable_scheduling_directives(old) {
            std::borrow::Cow::Owned(template_update::comparable_old_template(&spec.template, &o.template))
        } else {
            std::borrow::Cow::Borrowed(&o.template)
        };
        errs.extend(immutable(&spec.template, &*old_template, || json_value(&spec.template), &path.child("template")));
        errs.extend(immutable(
            &spec.completion_mode,
            &o.completion_mode,
            || spec.completion_mode.as_ref().map_or(BadValue::Json("null".into()), |m| BadValue::named(&m.0)),
            &path.child("completionMode"),
        ));
        errs.extend(immutable(
            &spec.pod_failure_policy,
            &o.pod_failure_policy,
            || json_value(&spec.pod_failure_policy),
            &path.child("podFailurePolicy"),
        ));
        errs.extend(immutable(
            &spec.backoff_limit_per_index,
            &o.backoff_limit_per_index,
            || json_value(&spec.backoff_limit_per_index),
            &path.child("backoffLimitPerIndex"),
        ));
        errs.extend(immutable(
            &spec.managed_by,
            &o.managed_by,
            || json_value(&spec.managed_by),
            &path.child("managedBy"),
        ));
        errs.extend(immutable(
            &spec.success_policy,
            &o.success_policy,
            || json_value(&spec.success_policy),
            &path.child("successPolicy"),
        ));
    }
    errs
}

/// Upstream's `validateJobSpec`: what a job and a cron job's job template share.
fn job_spec(spec: &JobSpec, opts: &PodValidationOptions, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (v, name) in [
        (spec.parallelism.map(i64::from), "parallelism"),
        (spec.completions.map(i64::from), "completions"),
        (spec.active_deadline_seconds, "activeDeadlineSeconds"),
        (spec.backoff_limit.map(i64::from), "backoffLimit"),
        (spec.ttl_seconds_after_finished.map(i64::from), "ttlSecondsAfterFinished"),
    ] {
        if let Some(v) = v {
            errs.extend(non_negative(v, &path.child(name)));
        }
    }
    let indexed = spec.completion_mode.as_ref().is_some_and(|m| m.0 == "Indexed");
    if let Some(n) = spec.backoff_limit_per_index {
        errs.extend(non_negative(i64::from(n), &path.child("backoffLimitPerIndex")));
    }
    if let Some(n) = spec.max_failed_indexes {
        errs.extend(non_negative(i64::from(n), &path.child("maxFailedIndexes")));
        if spec.backoff_limit_per_index.is_none() {
            errs.push(FieldError::required(path.child("backoffLimitPerIndex"), "when maxFailedIndexes is specified"));
        }
    }
    if let Some(m) = &spec.managed_by {
        let p = path.child("managedBy");
        errs.extend(domain_prefixed_path(&p, m));
        if m.len() > MAX_MANAGED_BY_LENGTH {
            errs.push(FieldError::too_long(&p, MAX_MANAGED_BY_LENGTH));
        }
    }
    if let Some(mode) = &spec.completion_mode {
        if !COMPLETION_MODES.contains(&mode.0.as_str()) {
            errs.push(FieldError::not_supported_value(
                path.child("completionMode"),
                BadValue::named(&mode.0),
                COMPLETION_MODES,
            ));
        }
        if indexed {
            errs.extend(indexed_limits(spec, path));
        }
    }
    if spec.completion_mode.as_ref().is_none_or(|m| m.0 == "NonIndexed") {
        for (v, name) in
            [(spec.backoff_limit_per_index, "backoffLimitPerIndex"), (spec.max_failed_indexes, "maxFailedIndexes")]
        {
            if let Some(v) = v {
                errs.push(FieldError::invalid_value(path.child(name), v, "requires indexed completion mode"));
            }
        }
    }
    if let Some(pfp) = &spec.pod_failure_policy {
        errs.extend(pod_failure_policy(spec, pfp, &path.child("podFailurePolicy")));
    }
    if let Some(sp) = &spec.success_policy {
        let p = path.child("successPolicy");
        if indexed {
            errs.extend(success_policy(spec, sp, &p));
        } else {
            errs.push(FieldError::invalid_value(&p, json_value(sp), "requires indexed completion mode"));
        }
    }
    if let Some(p) = &spec.pod_replacement_policy {
        let pp = path.child("podReplacementPolicy");
        // With a pod failure policy, only `Failed` is allowed.
        if spec.pod_failure_policy.is_some() {
            if p.0 != "Failed" {
                errs.push(FieldError::not_supported_value(&pp, BadValue::named(&p.0), &["Failed"]));
            }
        } else if !POD_REPLACEMENT_POLICIES.contains(&p.0.as_str()) {
            errs.push(FieldError::not_supported_value(&pp, BadValue::named(&p.0), POD_REPLACEMENT_POLICIES));
        }
    }
    let tpath = path.child("template");
    errs.extend(validate_pod_template_spec_with(&spec.template, opts, &tpath));
    let rp = tpath.child("spec").child("restartPolicy");
    match spec.template.spec.restart_policy.0.as_str() {
        "" | "Always" => errs.push(FieldError::required(&rp, "valid values: \"OnFailure\", \"Never\"")),
        "OnFailure" if spec.pod_failure_policy.is_some() => errs.push(FieldError::invalid_value(
            &rp,
            BadValue::named("OnFailure"),
            "only \"Never\" is supported when podFailurePolicy is specified",
        )),
        "OnFailure" | "Never" => {}
        other => errs.push(FieldError::not_supported_value(&rp, BadValue::named(other), &["OnFailure", "Never"])),
    }
    errs
}

/// An indexed job's limits: `completions` required, parallelism and `maxFailedIndexes` bounded
/// (tighter above 100,000 completions with a per-index backoff limit).
fn indexed_limits(spec: &JobSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.completions.is_none() {
        errs.push(FieldError::required(path.child("completions"), "when completion mode is Indexed"));
    }
    if let Some(p) = spec.parallelism.filter(|p| *p > MAX_PARALLELISM_FOR_INDEXED_JOB) {
        errs.push(FieldError::invalid_value(
            path.child("parallelism"),
            p,
            &format!("must be less than or equal to {MAX_PARALLELISM_FOR_INDEXED_JOB} when completion mode is Indexed"),
        ));
    }
    if let (Some(c), Some(m)) = (spec.completions, spec.max_failed_indexes)
        && m > c
    {
        errs.push(FieldError::invalid_value(
            path.child("maxFailedIndexes"),
            m,
            "must be less than or equal to completions",
        ));
    }
    if let Some(m) = spec.max_failed_indexes.filter(|m| *m > MAX_FAILED_INDEXES_FOR_INDEXED_JOB) {
        errs.push(FieldError::invalid_value(
            path.child("maxFailedIndexes"),
            m,
            &format!("must be less than or equal to {MAX_FAILED_INDEXES_FOR_INDEXED_JOB}"),
        ));
    }
    if spec.completions.is_some_and(|c| c > COMPLETIONS_SOFT_LIMIT) && spec.backoff_limit_per_index.is_some() {
        let high = format!("when completions are above {COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index");
        if spec.max_failed_indexes.is_none() {
            errs.push(FieldError::required(
                path.child("maxFailedIndexes"),
                &format!("must be specified when completions is above {COMPLETIONS_SOFT_LIMIT}"),
            ));
        }
        if let Some(p) = spec.parallelism.filter(|p| *p > PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS) {
            errs.push(FieldError::invalid_value(
                path.child("parallelism"),
                p,
                &format!("must be less than or equal to {PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS} {high}"),
            ));
        }
        if let Some(m) = spec.max_failed_indexes.filter(|m| *m > MAX_FAILED_INDEXES_FOR_HIGH_COMPLETIONS) {
            errs.push(FieldError::invalid_value(
                path.child("maxFailedIndexes"),
                m,
                &format!("must be less than or equal to {MAX_FAILED_INDEXES_FOR_HIGH_COMPLETIONS} {high}"),
            ));
        }
    }
    errs
}

/// Upstream's `validateSuccessPolicy` for an indexed job: 1–20 rules, each with a succeeded
/// count or indexes (a well-formed, increasing list below `completions`), the count not above
/// `completions` nor the number of listed indexes. Without `completions` (already an error)
/// the checks that need it are skipped.
fn success_policy(spec: &JobSpec, sp: &SuccessPolicy, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let rules_path = path.child("rules");
    let rules = sp.rules.as_deref().unwrap_or_default();
    if rules.is_empty() {
        errs.push(FieldError::required(
            &rules_path,
            "at least one rules must be specified when the successPolicy is specified",
        ));
    }
    if rules.len() > MAX_SUCCESS_POLICY_RULES {
        errs.push(FieldError::too_many(&rules_path, rules.len(), MAX_SUCCESS_POLICY_RULES));
    }
    for (i, rule) in rules.iter().enumerate() {
        let rp = rules_path.index(i);
        if rule.succeeded_count.is_none() && rule.succeeded_indexes.is_none() {
            errs.push(FieldError::required(
                &rp,
                "at least one of succeededCount or succeededIndexes must be specified",
            ));
        }
        let mut total = 0i64;
        if let Some(ix) = &rule.succeeded_indexes {
            let ip = rp.child("succeededIndexes");
            if ix.len() > MAX_SUCCEEDED_INDEXES_LENGTH {
                errs.push(FieldError::too_long(&ip, MAX_SUCCEEDED_INDEXES_LENGTH));
            }
            if let Some(c) = spec.completions {
                match indexes_total(ix, c) {
                    Ok(n) => total = n,
                    Err(e) => errs.push(FieldError::invalid(&ip, ix, &format!("error parsing succeededIndexes: {e}"))),
                }
            }
        }
        if let Some(n) = rule.succeeded_count {
            let cp = rp.child("succeededCount");
            errs.extend(non_negative(i64::from(n), &cp));
            if let Some(c) = spec.completions
                && n > c
            {
                errs.push(FieldError::invalid_value(
                    &cp,
                    n,
                    &format!("must be less than or equal to {c} (the number of specified completions)"),
                ));
            }
            if rule.succeeded_indexes.is_some() && i64::from(n) > total {
                errs.push(FieldError::invalid_value(
                    &cp,
                    n,
                    &format!(
                        "must be less than or equal to {total} (the number of indexes in the specified succeededIndexes field)"
                    ),
                ));
            }
        }
    }
    errs
}

/// Upstream's `validateIndexesFormat`: comma-separated indexes and `x-y` ranges, increasing and
/// below `completions`; the number of indexes, or the parse error's text.
fn indexes_total(list: &str, completions: i32) -> Result<i64, String> {
    if list.is_empty() {
        return Ok(0);
    }
    let mut last: Option<i64> = None;
    let mut total = 0i64;
    for interval in list.split(',') {
        let (x, y) = index_interval(interval, completions)?;
        if let Some(l) = last
            && l >= x
        {
            return Err(format!("non-increasing order, previous: {l}, current: {x}"));
        }
        total += y - x + 1;
        last = Some(y);
    }
    Ok(total)
}

/// Go's `strconv.Atoi` on a 64-bit platform: an optional sign and decimal digits.
fn atoi(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Upstream's `parseIndexInterval`.
fn index_interval(interval: &str, completions: i32) -> Result<(i64, i64), String> {
    let limits: Vec<&str> = interval.split('-').collect();
    if limits.len() > 2 {
        return Err(format!(
            "the fragment {} violates the requirement that an index interval can have at most two parts separated by '-'",
            kapi_machinery::validation::go_quote(interval)
        ));
    }
    let parse = |s: &str| {
        let v = atoi(s).ok_or_else(|| {
            format!("cannot convert string to integer for index: {}", kapi_machinery::validation::go_quote(s))
        })?;
        if v >= i64::from(completions) {
            return Err(format!("too large index: {}", kapi_machinery::validation::go_quote(s)));
        }
        Ok(v)
    };
    let x = parse(limits[0])?;
    let Some(second) = limits.get(1) else { return Ok((x, x)) };
    let y = parse(second)?;
    if x >= y {
        return Err(format!("non-increasing order, previous: {x}, current: {y}"));
    }
    Ok((x, y))
}

fn pod_failure_policy(spec: &JobSpec, pfp: &PodFailurePolicy, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let rules_path = path.child("rules");
    let rules = pfp.rules.as_deref().unwrap_or_default();
    if rules.len() > MAX_POD_FAILURE_RULES {
        errs.push(FieldError::too_many(&rules_path, rules.len(), MAX_POD_FAILURE_RULES));
    }
    let containers = spec.template.spec.containers.as_deref().unwrap_or_default();
    let names: BTreeSet<&str> =
        containers.iter().chain(&spec.template.spec.init_containers).map(|c| c.name.as_str()).collect();
    for (i, rule) in rules.iter().enumerate() {
        let rp = rules_path.index(i);
        let ap = rp.child("action");
        match rule.action.0.as_str() {
            "" => {
                errs.push(FieldError::required(&ap, &format!("valid values: {}", go_quoted_list(POD_FAILURE_ACTIONS))))
            }
            "FailIndex" if spec.backoff_limit_per_index.is_none() => {
                errs.push(FieldError::invalid_value(
                    &ap,
                    BadValue::named("FailIndex"),
                    "requires the backoffLimitPerIndex to be set",
                ));
            }
            a if !POD_FAILURE_ACTIONS.contains(&a) => {
                errs.push(FieldError::not_supported_value(&ap, BadValue::named(a), POD_FAILURE_ACTIONS));
            }
            _ => {}
        }
        if let Some(req) = &rule.on_exit_codes {
            let p = rp.child("onExitCodes");
            let op = req.operator.0.as_str();
            if op.is_empty() {
                errs.push(FieldError::required(
                    p.child("operator"),
                    &format!("valid values: {}", go_quoted_list(EXIT_CODE_OPERATORS)),
                ));
            } else if !EXIT_CODE_OPERATORS.contains(&op) {
                errs.push(FieldError::not_supported_value(
                    p.child("operator"),
                    BadValue::named(op),
                    EXIT_CODE_OPERATORS,
                ));
            }
            if let Some(c) = &req.container_name
                && !names.contains(c.as_str())
            {
                errs.push(FieldError::invalid(
                    p.child("containerName"),
                    c,
                    "must be one of the container or initContainer names in the pod template",
                ));
            }
            let vp = p.child("values");
            let values = req.values.as_deref().unwrap_or_default();
            if values.is_empty() {
                errs.push(FieldError::invalid_value(
                    &vp,
                    int_list(req.values.as_ref()),
                    "at least one value is required",
                ));
            } else if values.len() > MAX_EXIT_CODE_VALUES {
                errs.push(FieldError::too_many(&vp, values.len(), MAX_EXIT_CODE_VALUES));
            }
            let mut seen = BTreeSet::new();
            for (j, v) in values.iter().enumerate() {
                if op == "In" && *v == 0 {
                    errs.push(FieldError::invalid_value(vp.index(j), *v, "must not be 0 for the In operator"));
                }
                if !seen.insert(*v) {
                    errs.push(FieldError::duplicate(vp.index(j), *v));
                }
            }
            if values.windows(2).any(|w| w[0] > w[1]) {
                errs.push(FieldError::invalid_value(&vp, int_list(req.values.as_ref()), "must be ordered"));
            }
        }
        for (j, pattern) in rule.on_pod_conditions.iter().enumerate() {
            let p = rp.child("onPodConditions").index(j);
            errs.extend(kapi_machinery::validation::content::validate_qualified_name(
                &p.child("type"),
                &pattern.r#type.0,
            ));
            let status = pattern.status.0.as_str();
            if status.is_empty() {
                errs.push(FieldError::required(
                    p.child("status"),
                    &format!("valid values: {}", go_quoted_list(CONDITION_STATUSES)),
                ));
            } else if !CONDITION_STATUSES.contains(&status) {
                errs.push(FieldError::not_supported_value(
                    p.child("status"),
                    BadValue::named(status),
                    CONDITION_STATUSES,
                ));
            }
        }
        match (rule.on_exit_codes.is_some(), rule.on_pod_conditions.is_empty()) {
            (true, false) => errs.push(FieldError::invalid_value(
                &rp,
                BadValue::Omitted,
                "specifying both OnExitCodes and OnPodConditions is not supported",
            )),
            (false, true) => errs.push(FieldError::invalid_value(
                &rp,
                BadValue::Omitted,
                "specifying one of OnExitCodes and OnPodConditions is required",
            )),
            _ => {}
        }
    }
    errs
}

/// Upstream's `ValidateJobTemplateSpec`: the job spec, with the selector left to be generated.
fn job_template_spec(t: &JobTemplateSpec, opts: &PodValidationOptions, path: &Path) -> ErrorList {
    let spec_path = path.child("spec");
    let mut errs = job_spec(&t.spec, opts, &spec_path);
    if let Some(s) = &t.spec.selector {
        errs.push(FieldError::invalid_value(
            spec_path.child("selector"),
            json_value(s),
            "`selector` will be auto-generated",
        ));
    }
    if t.spec.manual_selector == Some(true) {
        errs.push(FieldError::not_supported_value(
            spec_path.child("manualSelector"),
            BadValue::Bool(true),
            &["nil", "false"],
        ));
    }
    errs
}

/// Validates a `CronJob`: a schedule that parses as a standard cron expression (no `TZ=` in it
/// unless the stored one had it), the time zone, startingDeadlineSeconds, the concurrency
/// policy, the job template, the history limits, and on create a name of at most 52 characters.
pub fn validate_cron_job(obj: &CronJob, old: Option<&CronJob>) -> ErrorList {
    let path = Path::new("spec");
    let spec = &obj.spec;
    let mut errs = ErrorList::new();
    let sp = path.child("schedule");
    if spec.schedule.is_empty() {
        errs.push(FieldError::required(&sp, ""));
    } else {
        if let Err(e) = cron::parse_standard(&spec.schedule) {
            errs.push(FieldError::invalid(&sp, &spec.schedule, &e));
        }
        let allow_tz = old.is_some_and(|o| o.spec.schedule.contains("TZ"));
        if allow_tz && spec.schedule.contains("TZ") && spec.time_zone.is_some() {
            errs.push(FieldError::invalid(
                &sp,
                &spec.schedule,
                "cannot use both timeZone field and TZ or CRON_TZ in schedule",
            ));
        } else if !allow_tz && spec.schedule.contains("TZ") {
            errs.push(FieldError::invalid(
                &sp,
                &spec.schedule,
                "cannot use TZ or CRON_TZ in schedule, use timeZone field instead",
            ));
        }
    }
    if let Some(n) = spec.starting_deadline_seconds {
        errs.extend(non_negative(n, &path.child("startingDeadlineSeconds")));
    }
    if old.is_none_or(|o| o.spec.time_zone != spec.time_zone) {
        errs.extend(time_zone(spec.time_zone.as_deref(), &path.child("timeZone")));
    }
    let cp = path.child("concurrencyPolicy");
    match spec.concurrency_policy.0.as_str() {
        "" => errs.push(FieldError::required(&cp, "")),
        p if !CONCURRENCY_POLICIES.contains(&p) => {
            errs.push(FieldError::not_supported_value(&cp, BadValue::named(p), CONCURRENCY_POLICIES));
        }
        _ => {}
    }
    let opts = PodValidationOptions::from_old_template(old.map(|o| &o.spec.job_template.spec.template));
    errs.extend(job_template_spec(&spec.job_template, &opts, &path.child("jobTemplate")));
    if let Some(n) = spec.successful_jobs_history_limit {
        errs.extend(non_negative(i64::from(n), &path.child("successfulJobsHistoryLimit")));
    }
    if let Some(n) = spec.failed_jobs_history_limit {
        errs.extend(non_negative(i64::from(n), &path.child("failedJobsHistoryLimit")));
    }
    if old.is_none() && obj.metadata.name.len() > MAX_CRON_JOB_NAME {
        errs.push(FieldError::invalid(
            Path::new("metadata").child("name"),
            &obj.metadata.name,
            &format!("must be no more than {MAX_CRON_JOB_NAME} characters"),
        ));
    }
    errs
}

/// The warnings of a job write (`jobStrategy`): on create the name as a hostname and the job
/// spec's, on update the job spec's when the generation changed.
pub fn warnings_for_job(obj: &Job, old: Option<&Job>) -> Vec<String> {
    warnings::job(obj, old)
}

/// The warnings of a cron job write (`cronJobStrategy`): on create the name as a hostname and
/// the job template's spec; on update the job template's spec when the generation changed, and
/// a `TZ` in the schedule, which creation refuses but an older object may keep (under upstream's
/// path `spec.spec.schedule`).
pub fn warnings_for_cron_job(obj: &CronJob, old: Option<&CronJob>) -> Vec<String> {
    warnings::cron_job(obj, old)
}

/// Upstream's `validateTimeZone`: nil, or an explicit IANA name that loads.
fn time_zone(tz: Option<&str>, path: &Path) -> ErrorList {
    let Some(tz) = tz else { return Vec::new() };
    if tz.is_empty() {
        return vec![FieldError::invalid(path, tz, "timeZone must be nil or non-empty string")];
    }
    let part_ok = |p: &str| {
        p != "."
            && p != ".."
            && !p.starts_with('-')
            && (1..=14).contains(&p.len())
            && p.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_' | b'+'))
    };
    if !tz.split('/').all(part_ok) {
        return vec![FieldError::invalid(path, tz, &format!("unknown time zone {tz}"))];
    }
    let mut errs = ErrorList::new();
    if tz.eq_ignore_ascii_case("local") {
        errs.push(FieldError::invalid(
            path,
            tz,
            "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones",
        ));
    }
    if let Err(e) = cron::load_location(tz) {
        errs.push(FieldError::invalid(path, tz, &e));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Status updates.

fn condition_true(job: &Job, ty: &str) -> bool {
    job.status.conditions.iter().any(|c| c.r#type.0 == ty && c.status.0 == "True")
}

/// An `Invalid` error without a value (upstream's `field.OmitValueType`).
fn invalid_no_value(path: &Path, detail: &str) -> FieldError {
    FieldError::new(kapi_machinery::validation::ErrorType::Invalid, path, BadValue::Omitted, detail)
}

/// Validates a job's `/status` update (upstream's `ValidateJobUpdateStatus` with the options its
/// strategy derives from the update, see `status_options.rs`): counts not negative, uncounted
/// terminated pods non-empty and unique, the finished-job, completion time, index and counter
/// rules, terminal conditions kept, `SuccessCriteriaMet` neither with `Failed` nor
/// `FailureTarget`, not removed once set and not added to a job already complete without it.
pub fn validate_job_status_update(obj: &Job, old: &Job) -> ErrorList {
    job_status_update(obj, old, &status_options::StatusOptions::for_update(obj, old))
}

/// Upstream's `ValidateJobStatusUpdate` with the options given (upstream's own tests pass them
/// explicitly, most often none).
fn job_status_update(obj: &Job, old: &Job, opts: &status_options::StatusOptions) -> ErrorList {
    let s = &obj.status;
    let path = Path::new("status");
    let mut errs = ErrorList::new();
    errs.extend(non_negative(i64::from(s.active), &path.child("active")));
    errs.extend(non_negative(i64::from(s.succeeded), &path.child("succeeded")));
    errs.extend(non_negative(i64::from(s.failed), &path.child("failed")));
    if let Some(ready) = s.ready {
        errs.extend(non_negative(i64::from(ready), &path.child("ready")));
    }
    if let Some(terminating) = s.terminating {
        errs.extend(non_negative(i64::from(terminating), &path.child("terminating")));
    }
    if let Some(u) = &s.uncounted_terminated_pods {
        let upath = path.child("uncountedTerminatedPods");
        let mut seen = BTreeSet::new();
        for (field, list) in [("succeeded", &u.succeeded), ("failed", &u.failed)] {
            for (i, uid) in list.iter().enumerate() {
                let p = upath.child(field).index(i);
                if uid.is_empty() {
                    errs.push(FieldError::invalid(p, uid, "must not be empty"));
                } else if !seen.insert(uid.as_str()) {
                    errs.push(FieldError::duplicate(p, uid.as_str()));
                }
            }
        }
    }
    errs.extend(status_options::status_rules(obj, opts, &path));
    let conditions = path.child("conditions");
    let criteria_met = condition_true(obj, "SuccessCriteriaMet");
    if criteria_met && condition_true(obj, "Failed") {
        errs.push(invalid_no_value(&conditions, "cannot set SuccessCriteriaMet=True and Failed=true conditions"));
    }
    if criteria_met && condition_true(obj, "FailureTarget") {
        errs.push(invalid_no_value(
            &conditions,
            "cannot set SuccessCriteriaMet=True and FailureTarget=true conditions",
        ));
    }
    if obj.spec.success_policy.is_some() && !criteria_met && condition_true(obj, "Complete") {
        errs.push(invalid_no_value(
            &conditions,
            "cannot set Complete=True for Job with SuccessPolicy unless SuccessCriteriaMet=True",
        ));
    }
    errs.extend(status_options::transition_rules(obj, old, opts, &path));
    let old_met = condition_true(old, "SuccessCriteriaMet");
    if old_met && !criteria_met {
        errs.push(invalid_no_value(&conditions, "cannot disable the SuccessCriteriaMet=True condition"));
    }
    if condition_true(old, "Complete") && !old_met && criteria_met {
        errs.push(invalid_no_value(
            &conditions,
            "cannot set SuccessCriteriaMet=True for Job already has Complete=true conditions",
        ));
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
