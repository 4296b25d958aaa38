//! "One of my orders of the past month came late; return everything in it I haven't returned
//! yet, with the pick-up service from my note." Other recent orders came on time, the base
//! world's orders are made punctual. Variant 2 has one unit already returned; variant 3 has
//! an older late order (two months back) that must stay.

use super::SELLER;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::amazon::{new_returns, order_at, product_named};
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, fill, py, solution};
use crate::kit::time::days_ago;
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix, step};

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    const TITLE: &str = "Amazon returns";
    const KETTLE: &str = "Marlow Steel Electric Kettle";
    const LAMP: &str = "Juniper Arc Floor Lamp";
    const TOWELS: &str = "Orchid Waffle Bath Towels";
    const BLENDER: &str = "Harbor Pulse Blender";
    const JACKET: &str = "Alder Ridge Rain Jacket";
    let now = g.now;
    let late_at = days_ago(now, 12, 15, 30);
    let ontime_a = days_ago(now, 20, 9, 10);
    let ontime_b = days_ago(now, 4, 18, 0);
    let old_late = days_ago(now, 62, 11, 0);
    let deliverer = ["FedEx", "USPS", "UPS"][g.variant as usize - 1];
    let other_deliverer = if deliverer == "UPS" { "FedEx" } else { "UPS" };
    let content = format!(
        "How I do Amazon returns:\n- Pick-up: {deliverer} (they come to the house)\n- Keep the original boxes for a month\n- {other_deliverer} lost a package last year, don't use them"
    );
    let v2 = g.variant == 2;
    let v3 = g.variant == 3;
    // The late order: (product, units, already returned).
    let late: Vec<(&str, i64, i64)> = if v2 {
        vec![(KETTLE, 1, 0), (TOWELS, 3, 1)]
    } else {
        vec![(KETTLE, 1, 0), (TOWELS, 2, 0), (LAMP, 1, 0)]
    };
    let instruction = match g.variant {
        1 => format!(
            "One of my Amazon orders from the past month arrived after its expected delivery date. I don't want any of it anymore: return every item of that order, with the pick-up service I wrote down in my note \"{TITLE}\"."
        ),
        2 => format!(
            "An Amazon order I placed in the last month was delivered late. Return all of its items (only what I haven't already sent back), and use the carrier from my note \"{TITLE}\" for the pick-up."
        ),
        _ => format!(
            "Return everything from my Amazon order of the past month that showed up later than expected. The carrier I use for pick-ups is in my note \"{TITLE}\". Older orders are fine, leave them."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "amazon"];
    let note = g.note(TITLE, &content, &["shopping"], false, 30);
    let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
    parts.notes = Some(mix(&mut g.rng, filler, vec![note]));
    let sup = p.clone();
    let late_c = late.clone();
    parts.setup.push(step(move |s| {
        s.deliver_amazon_orders_on_time(&sup)?;
        let kettle =
            s.add_amazon_product(("kettle", KETTLE, "silver", "medium", 45.0, 20), SELLER)?;
        let lamp = s.add_amazon_product(("floor lamp", LAMP, "black", "large", 88.0, 8), SELLER)?;
        let towels =
            s.add_amazon_product(("towel set", TOWELS, "white", "medium", 19.5, 40), SELLER)?;
        let blender =
            s.add_amazon_product(("blender", BLENDER, "red", "medium", 59.0, 15), SELLER)?;
        let jacket =
            s.add_amazon_product(("jacket", JACKET, "green", "large", 74.0, 10), SELLER)?;
        let pid = |n: &str| match n {
            KETTLE => kettle,
            LAMP => lamp,
            _ => towels,
        };
        let lines: Vec<(i64, i64, f64, i64, i64, bool)> = late_c
            .iter()
            .map(|(n, q, r)| (pid(n), *q, 30.0, *r, 0, true))
            .collect();
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(blender, 1, 59.0, 0, 0, true)],
            5.0,
            0.0,
            ontime_a,
        )?;
        let o = s.add_amazon_order(&sup, "Home", None, &lines, 5.0, 0.0, late_at)?;
        for l in &lines {
            s.set_amazon_delivery(o, l.0, Some(3))?;
        }
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(jacket, 1, 74.0, 0, 0, true), (towels, 1, 19.5, 0, 0, true)],
            5.0,
            0.0,
            ontime_b,
        )?;
        if v3 {
            let old = s.add_amazon_order(
                &sup,
                "Home",
                None,
                &[(kettle, 1, 45.0, 0, 0, true), (jacket, 1, 74.0, 0, 0, true)],
                5.0,
                0.0,
                old_late,
            )?;
            s.set_amazon_delivery(old, kettle, Some(2))?;
        }
        Ok(())
    }));
    let logins =
        format!("{LOGIN_ANY}\n{ALL_PAGES}\nsn = login(\"simple_note\")\naz = login(\"amazon\")");
    let read = fill(
        r#"notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=@TITLE@)
note = [n for n in notes if n["title"] == @TITLE@][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
carrier = re.search(r"Pick-up: (\w+)", content).group(1)
deliverer = [d for d in apis.amazon.show_return_deliverers() if d["name"] == carrier][0]["deliverer_id"]
print(carrier, deliverer)"#,
        &[("TITLE", py(TITLE))],
    );
    let act = |days: i64, left: &str, carrier: &str| {
        fill(
            r#"@CARRIER@
since = (datetime.datetime.now() - datetime.timedelta(days=@DAYS@)).strftime("%Y-%m-%dT%H:%M:%S")
orders = all_pages(apis.amazon.show_orders, access_token=az)
late = [o for o in orders if o["created_at"] >= since and any(i["delivered_at"] and i["delivered_at"] > i["expected_delivery_at"] for i in o["order_items"])]
for o in late:
    for i in o["order_items"]:
        left = @LEFT@
        name = apis.amazon.show_product(product_id=i["product_id"])["name"]
        if left > 0:
            rid = apis.amazon.initiate_return(access_token=az, order_id=o["order_id"], product_id=i["product_id"], deliverer_id=deliverer, quantity=left)["return_id"]
            r = apis.amazon.show_return(access_token=az, return_id=rid)
            print(name, r["quantity"], r["deliverer_name"])
apis.supervisor.complete_task()"#,
            &[
                ("DAYS", days.to_string()),
                ("LEFT", left.to_string()),
                ("CARRIER", carrier.to_string()),
            ],
        )
    };
    let right_left = "i[\"ordered_quantity\"] - i[\"returned_quantity\"]";
    parts.ground_truth = vec![logins.clone(), read.clone(), act(31, right_left, "")];
    let wrong_carrier = format!(
        "deliverer = [d for d in apis.amazon.show_return_deliverers() if d[\"name\"] == {}][0][\"deliverer_id\"]",
        py(other_deliverer)
    );
    parts.wrong = vec![
        solution(
            &format!("uses {other_deliverer}, the carrier the note warns about"),
            vec![logins.clone(), read.clone(), act(31, right_left, &wrong_carrier)],
        ),
        solution(
            "returns one unit of each item",
            vec![logins.clone(), read.clone(), act(31, "1", "")],
        ),
        solution(
            "returns the items of every order of the last month",
            vec![
                logins.clone(),
                read.clone(),
                act(31, right_left, "").replace(
                    "any(i[\"delivered_at\"] and i[\"delivered_at\"] > i[\"expected_delivery_at\"] for i in o[\"order_items\"])",
                    "True",
                ),
            ],
        ),
    ];
    if v3 {
        parts.wrong.push(solution(
            "also returns the older late order",
            vec![logins, read, act(90, right_left, "")],
        ));
    }
    let deliverer_id: i64 = match deliverer {
        "UPS" => 1,
        "USPS" => 2,
        _ => 3,
    };
    let want_all = {
        let late = late.clone();
        move |ctx: &EvalCtx| -> Vec<(i64, i64, i64, i64)> {
            let o = order_at(ctx, late_at).unwrap_or(-1);
            late.iter()
                .map(|(n, q, r)| {
                    (
                        o,
                        product_named(ctx.db, n).unwrap_or(-1),
                        q - r,
                        deliverer_id,
                    )
                })
                .collect()
        }
    };
    for (k, (n, q, r)) in late.iter().enumerate() {
        let want_all = want_all.clone();
        parts.checks.push(Check::new(
            format!(
                "a {deliverer} return of {} x {n} from the late order of {}",
                q - r,
                late_at.format("%Y-%m-%d")
            ),
            move |ctx| {
                let want = want_all(ctx)[k];
                let got = new_returns(ctx);
                if got.contains(&want) {
                    Ok(())
                } else {
                    Err(format!("returns: {got:?}; wanted {want:?}"))
                }
            },
        ));
    }
    parts
        .checks
        .push(Check::new("no other return was started", move |ctx| {
            let want = want_all(ctx);
            let got = new_returns(ctx);
            match got.iter().find(|r| !want.contains(r)) {
                Some(r) => Err(format!("another return: {r:?}")),
                None if got.len() != want.len() => Err(format!("{} returns", got.len())),
                None => Ok(()),
            }
        }));
    parts.allowed = allow::returns();
    parts
}
