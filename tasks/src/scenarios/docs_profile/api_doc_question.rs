//! Questions whose answers are in `show_api_descriptions` / `show_api_doc`. The expected
//! answers are computed from the registry the docs are served from.

use crate::kit::python::solution;
use crate::model::Answer;
use crate::scenarios::{Gen, Parts};
use sim::api::Registry;
use std::sync::OnceLock;

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let reg = registry();
    let token_apis = |app: &str| {
        reg.app_apis(app)
            .filter(|a| a.params.iter().any(|x| x.name == "access_token"))
            .count()
    };
    let (instruction, answer, gt, wrong) = match g.variant {
        1 => (
            "How many APIs of the venmo and splitwise apps, together, take an access_token parameter? Use the API docs.",
            (token_apis("venmo") + token_apis("splitwise")) as f64,
            r#"total = 0
for app in ["venmo", "splitwise"]:
    names = [a["name"] for a in apis.api_docs.show_api_descriptions(app_name=app)]
    with_token = []
    for name in names:
        doc = apis.api_docs.show_api_doc(app_name=app, api_name=name)
        if any(p["name"] == "access_token" for p in doc["parameters"]):
            with_token.append(name)
    print(app, len(names), "APIs,", len(with_token), "take an access_token")
    total += len(with_token)
apis.supervisor.complete_task(answer=total)"#,
            vec![
                solution(
                    "counts every API of the two apps",
                    vec![r#"n = sum(len(apis.api_docs.show_api_descriptions(app_name=app)) for app in ["venmo", "splitwise"])
apis.supervisor.complete_task(answer=n)"#.into()],
                ),
                solution(
                    "counts venmo's only",
                    vec![r#"n = 0
for a in apis.api_docs.show_api_descriptions(app_name="venmo"):
    doc = apis.api_docs.show_api_doc(app_name="venmo", api_name=a["name"])
    n += any(p["name"] == "access_token" for p in doc["parameters"])
apis.supervisor.complete_task(answer=n)"#.into()],
                ),
            ],
        ),
        2 => {
            let max = reg
                .app_apis("simple_note")
                .filter_map(|a| a.params.iter().find(|x| x.name == "page_limit"))
                .filter_map(|x| x.constraints.le)
                .fold(0.0, f64::max);
            (
                "What is the largest page_limit that any simple_note API accepts? Use the API docs.",
                max,
                r#"best = None
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    doc = apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])
    for p in doc["parameters"]:
        if p["name"] != "page_limit":
            continue
        for c in p["constraints"]:
            if "<=" in c:
                limit = int(float(c.split("<=")[1]))
                print(a["name"], limit)
                if best is None or limit > best:
                    best = limit
apis.supervisor.complete_task(answer=best)"#,
                vec![
                    solution(
                        "answers with search_notes' default instead of the maximum",
                        vec!["doc = apis.api_docs.show_api_doc(app_name=\"simple_note\", api_name=\"search_notes\")\nparam = next(p for p in doc[\"parameters\"] if p[\"name\"] == \"page_limit\")\napis.supervisor.complete_task(answer=param[\"default\"])".into()],
                    ),
                    solution(
                        "answers with the smallest allowed page_limit",
                        vec!["doc = apis.api_docs.show_api_doc(app_name=\"simple_note\", api_name=\"search_notes\")\nparam = next(p for p in doc[\"parameters\"] if p[\"name\"] == \"page_limit\")\nlimit = next(int(float(c.split(\">=\")[1])) for c in param[\"constraints\"] if \">=\" in c)\napis.supervisor.complete_task(answer=limit)".into()],
                    ),
                ],
            )
        }
        _ => {
            let n: usize = reg
                .app_apis("simple_note")
                .map(|a| a.params.iter().filter(|x| x.name != "access_token").count())
                .sum();
            (
                "How many parameters do the simple_note app's APIs take, all of them together, not counting access_token? Use the API docs.",
                n as f64,
                r#"counts = {}
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    doc = apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])
    counts[a["name"]] = 0
    for p in doc["parameters"]:
        if p["name"] == "access_token":
            continue
        counts[a["name"]] += 1
for name, k in sorted(counts.items()):
    print(name, k)
apis.supervisor.complete_task(answer=sum(counts.values()))"#,
                vec![
                    solution(
                        "counts access_token too",
                        vec![r#"total = 0
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    total += len(apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])["parameters"])
apis.supervisor.complete_task(answer=total)"#.into()],
                    ),
                    solution(
                        "counts the APIs instead of their parameters",
                        vec!["apis.supervisor.complete_task(answer=len(apis.api_docs.show_api_descriptions(app_name=\"simple_note\")))".into()],
                    ),
                ],
            )
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["api_docs"];
    parts.answer = Some(Answer::Number(answer));
    parts.ground_truth = vec![gt.to_string()];
    parts.wrong = wrong;
    parts
}

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(apps::registry)
}
