//! The load generator's short profile, as CI runs it: every verb in JSON and protobuf, many watchers, a paginated list under writes, with no invariant broken.

use kapi_bench::load::{Profile, Target, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_short_profile_breaks_no_invariant() {
    let profile = Profile::short();
    let report = run(&profile, &Target::InProcess).await.expect("the run finishes within its deadlines");
    assert!(report.violations.is_empty(), "{:#?}", report.violations);
    // Every verb of every round answered every request.
    let rounds = profile.encodings.len() * profile.concurrency.len();
    assert_eq!(report.verbs.len(), rounds * 7);
    for v in &report.verbs {
        assert_eq!(v.requests, v.concurrency * profile.requests_per_client, "{v:?}");
        assert!(v.p50 <= v.p99, "{v:?}");
    }
    assert_eq!(report.watches.len(), profile.encodings.len() * profile.watchers.len());
    assert_eq!(report.lists.len(), profile.encodings.len());
    assert!(report.lists.iter().all(|l| l.pages as i64 >= profile.list_objects as i64 / profile.page_size));
    println!("{}", report.markdown());
}
