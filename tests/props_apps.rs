//! Property test over the eight apps with accounts: random sequences of any of their APIs, by two
//! users of the default world, with arguments drawn per declared parameter (plausible values
//! taken from the world — ids, e-mails, phone numbers — and wrong types, `None`, empty and odd
//! strings, NaN, infinities and integers past 64 bits). Every call must answer without a panic, with a documented status and a JSON
//! object or list (errors: `{"message": ...}`), and the same sequence must replay to the same
//! state hash. Driven by the registry, so an API added to these apps is covered automatically.

mod common;
use proptest::prelude::*;
use serde_json::{Value, json};
use sim::api::params::ParamType;

const APPS: &[&str] = &[
    "gmail",
    "phone",
    "venmo",
    "file_system",
    "splitwise",
    "todoist",
    "spotify",
    "amazon",
];

/// One drawn value, interpreted per parameter when the call is built.
#[derive(Debug, Clone)]
enum Draw {
    /// A value of the parameter's type from the world (ids 1..40, known e-mails/numbers).
    Plausible(u8),
    Null,
    Empty,
    Odd(&'static str),
    Int(i64),
    Float(f64),
    Bool(bool),
    List,
    /// A number JSON cannot hold, as a cell sends it (NaN, an infinity, past 64 bits).
    Unholdable(&'static str),
}

fn draw() -> impl Strategy<Value = Draw> {
    prop_oneof![
        6 => any::<u8>().prop_map(Draw::Plausible),
        1 => Just(Draw::Null),
        1 => Just(Draw::Empty),
        1 => prop::sample::select(vec!["1/2", "%31", " 1", "x@", "None", "-price", "2023-13-40"]).prop_map(Draw::Odd),
        1 => (-3i64..60).prop_map(Draw::Int),
        1 => Just(Draw::Float(2.5)),
        1 => any::<bool>().prop_map(Draw::Bool),
        1 => Just(Draw::List),
        1 => prop::sample::select(vec!["nan", "inf", "-inf", "18446744073709551616", "-9223372036854775809"])
            .prop_map(Draw::Unholdable),
    ]
}

/// (app index, API index, acting user 0/1, one draw per parameter slot, which slots to omit).
type Call = (usize, usize, usize, Vec<Draw>, u16);

fn call() -> impl Strategy<Value = Call> {
    (
        0usize..APPS.len(),
        0usize..256,
        0usize..2,
        proptest::collection::vec(draw(), 12),
        any::<u16>(),
    )
}

/// What the world offers to pick plausible values from.
struct Pool {
    emails: Vec<String>,
    phones: Vec<String>,
}

fn plausible(name: &str, ty: &ParamType, k: u8, pool: &Pool) -> Value {
    let i = k as usize;
    if name.contains("email") {
        let e = json!(pool.emails[i % pool.emails.len()]);
        return if matches!(ty, ParamType::ListStr) {
            json!([e])
        } else {
            e
        };
    }
    if name.contains("phone_number") {
        return json!(pool.phones[i % pool.phones.len()]);
    }
    match ty {
        ParamType::Int => json!(1 + (k % 40) as i64),
        ParamType::Float => json!(((k % 50) as f64) / 4.0 + 0.25),
        ParamType::Bool => json!(k.is_multiple_of(2)),
        ParamType::ListStr => json!(["bench", "Work"]),
        ParamType::ListFloat => json!([1.0, 2.0]),
        _ => match name {
            "sort_by" => json!(["-created_at", "created_at", "amount", "-like_count"][i % 4]),
            "time" => json!(format!("{:02}:{:02}", k % 24, k % 60)),
            n if n.contains("datetime") => json!("2023-05-18|12:00:00"),
            n if n.contains("created_at") => json!("2023-05-18"),
            "birthday" => json!("1990-01-31"),
            _ => json!(["hello", "Re: plans", "lunch", "family", "friend", "append"][i % 6]),
        },
    }
}

fn value(name: &str, ty: &ParamType, d: &Draw, pool: &Pool) -> Value {
    match d {
        Draw::Plausible(k) => plausible(name, ty, *k, pool),
        Draw::Null => Value::Null,
        Draw::Empty => json!(""),
        Draw::Odd(s) => json!(s),
        Draw::Int(i) => json!(i),
        Draw::Float(f) => json!(f),
        Draw::Bool(b) => json!(b),
        Draw::List => json!([1, "a"]),
        Draw::Unholdable(text) => sim::api::params::tagged_number(*text),
    }
}

fn pool(ep: &mut sim::Episode) -> Pool {
    let conn = ep.db().conn();
    let col = |sql: &str| -> Vec<String> {
        let mut st = conn.prepare(sql).expect("query prepares");
        st.query_map([], |r| r.get::<_, String>(0))
            .expect("query runs")
            .collect::<Result<_, _>>()
            .expect("rows read")
    };
    Pool {
        emails: col("SELECT email FROM admin.main_users ORDER BY id LIMIT 12"),
        phones: col("SELECT phone_number FROM admin.main_users ORDER BY id LIMIT 12"),
    }
}

/// Logs in person `who + 1` of the world in `app` (password from admin's table).
fn login(ep: &mut sim::Episode, app: &str, who: usize) -> String {
    let (user, pw): (String, String) = ep
        .db()
        .conn()
        .query_row(
            &format!(
                "SELECT u.{}, p.password FROM admin.main_users u JOIN admin.account_passwords p \
                 ON p.main_user_id = u.id AND p.account_name = ?1 WHERE u.id = ?2",
                if app == "phone" {
                    "phone_number"
                } else {
                    "email"
                }
            ),
            rusqlite::params![app, who as i64 + 1],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("the world has the person");
    let v = common::ok(ep, app, "login", json!({"username": user, "password": pw}));
    v["access_token"].as_str().expect("a token").to_string()
}

fn run(seq: &[Call]) -> (Vec<String>, String) {
    run_on(&mut common::episode(), seq)
}

/// [`run`] on `ep`, rolled back to the world first.
fn run_on(ep: &mut sim::Episode, seq: &[Call]) -> (Vec<String>, String) {
    let (_, registry) = common::env();
    ep.reset(sim::EpisodeConfig::default())
        .expect("episode resets");
    let pool = pool(ep);
    let tokens: Vec<Vec<String>> = APPS
        .iter()
        .map(|app| (0..2).map(|w| login(ep, app, w)).collect())
        .collect();
    let mut outcomes = Vec::new();
    for (a, api, who, draws, omit) in seq {
        let app = APPS[*a];
        let apis: Vec<_> = registry.app_apis(app).collect();
        let spec = apis[*api % apis.len()];
        let mut args = serde_json::Map::new();
        for (slot, p) in spec.params.iter().enumerate() {
            if p.name == "access_token" {
                args.insert(p.name.into(), json!(tokens[*a][*who]));
                continue;
            }
            if omit & (1 << (slot % 16)) != 0 && !p.required {
                continue;
            }
            let d = &draws[slot % draws.len()];
            args.insert(p.name.into(), value(p.name, &p.ty, d, &pool));
        }
        match ep.call(app, spec.name, Value::Object(args)) {
            Ok(v) => {
                assert!(
                    v.is_object() || v.is_array(),
                    "{app}.{} returned {v}",
                    spec.name
                );
                outcomes.push(format!("{}:200", spec.name));
            }
            Err(e) => {
                // AppWorld raises (OverflowError) where an integer past 64 bits meets SQLite or
                // float().
                let raised = e.status == 500 && e.raised == Some("OverflowError");
                assert!(
                    [401, 404, 405, 409, 422].contains(&e.status) || raised,
                    "{app}.{}: undocumented status {e}",
                    spec.name
                );
                assert!(
                    e.body.get("message").is_some(),
                    "{app}.{}: error without a message: {e}",
                    spec.name
                );
                outcomes.push(format!("{}:{}", spec.name, e.status));
            }
        }
    }
    (outcomes, ep.state_hash().expect("state hash"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    #[test]
    fn random_calls_on_every_app_are_safe_and_replay(
        seq in proptest::collection::vec(call(), 1..24)
    ) {
        let first = run(&seq);
        let second = run(&seq);
        prop_assert_eq!(first, second);
    }
}

/// The long random walk: `APPSIM_FUZZ_CALLS` calls (default 1,000,000) drawn from the same
/// strategy with a fixed seed, in episodes of 500 calls (a drawn `logout` ends a user's calls
/// for the rest of its episode), every call checked as above; every 50th episode is replayed
/// and must reach the same state hash. About 2 minutes in release:
/// `APPSIM_FUZZ_CALLS=1000000 cargo test --release --test props_apps -- --ignored --nocapture`.
#[test]
#[ignore]
fn long_random_walk_over_every_app() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let total: usize = common::env_count("APPSIM_FUZZ_CALLS", 1_000_000);
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let strategy = call();
    let (mut done, mut episodes, mut statuses) =
        (0usize, 0usize, std::collections::BTreeMap::new());
    let mut ep = common::episode();
    let started = std::time::Instant::now();
    while done < total {
        let n = 500.min(total - done);
        let seq: Vec<Call> = (0..n)
            .map(|_| strategy.new_tree(&mut runner).expect("draws").current())
            .collect();
        let (outcomes, hash) = run_on(&mut ep, &seq);
        for o in &outcomes {
            *statuses
                .entry(o.rsplit(':').next().unwrap_or("").to_string())
                .or_insert(0usize) += 1;
        }
        if episodes % 50 == 0 {
            assert_eq!(
                run(&seq).1,
                hash,
                "episode {episodes} replays to another state"
            );
        }
        done += n;
        episodes += 1;
    }
    eprintln!(
        "long random walk: {done} calls in {episodes} episodes, {:.0} s, statuses {statuses:?}",
        started.elapsed().as_secs_f64()
    );
}
