//! "Whichever friend has the next birthday: send them money on Venmo, text them, and add a
//! card task due two days before to my Inbox." Variant 3: someone the supervisor knows who is
//! not labelled a friend has a sooner birthday.

use super::{allow_notifications, allow_venmo_payments};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::same_amount;
use crate::kit::people::full;
use crate::kit::people::{known, person};
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::text::holds;
use crate::kit::time::{days_to_birthday, next_birthday};
use crate::kit::todoist::{NewTask, inbox_id, is_mine};
use crate::kit::venmo::payments_sent;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Population, Relation};
use chrono::{Duration, NaiveDate};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend with the next birthday, and its date.
    friend: Person,
    bday: NaiveDate,
    /// The dollars to send, the payment's note and the text.
    amount: i64,
    note: &'static str,
    text: &'static str,
    task_title: String,
    /// The task's due day, `YYYY-MM-DD`.
    due: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "venmo", "todoist"];
    const SCRIPT: &str = include_str!("birthday.py");

    /// The supervisor's Venmo balance, enough for the gift.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| s.set_venmo_balance(&v.supervisor, 500.0))]
    }

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let v = g.variant;
        let pop = g.population;
        let today = g.now.date();
        let p = g.supervisor_where(|p| birthday_fits(pop, p, today, v == 3));
        let list = friends_by_birthday(pop, &p, today).unwrap_or_default();
        let (_, f, bday) = list[0].clone();
        let (amount, note, text) = match v {
            1 => (
                25,
                "Happy birthday!",
                "Happy early birthday! Sent you a little something on Venmo.",
            ),
            2 => (
                40,
                "Happy birthday 🎂",
                "Happy early birthday! Check your Venmo :)",
            ),
            _ => (
                30,
                "Birthday treat",
                "Happy early birthday! Dinner is on me, see Venmo.",
            ),
        };
        let task_title = format!("Get a birthday card for {}", f.first_name);
        let due = bday - Duration::days(2);
        Values {
            variant: v,
            supervisor: p,
            friend: f,
            bday,
            amount,
            note,
            text,
            task_title,
            due: due.format("%Y-%m-%d").to_string(),
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (amount, note, text) = (v.amount, v.note, v.text);
        match v.variant {
            1 => format!(
                "Which of my friends has the next birthday? Check the birthdays of my phone contacts labelled friend. Send that friend ${amount} on Venmo with the note \"{note}\", text them \"{text}\", and add a task \"Get a birthday card for <their first name>\" to my Todoist Inbox, due two days before their birthday."
            ),
            2 => format!(
                "Find the friend (contacts labelled friend in my phone) whose birthday comes up next and: send them ${amount} on Venmo noted \"{note}\", text them \"{text}\", and put \"Get a birthday card for <first name>\" in my Todoist Inbox due two days before the birthday."
            ),
            _ => format!(
                "Among my friends (the phone contacts labelled friend, nobody else), whose birthday is next? Venmo them ${amount} with the note \"{note}\", text them \"{text}\", and add \"Get a birthday card for <first name>\" to my Todoist Inbox, due two days ahead of the birthday."
            ),
        }
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let pick = |who: &str, which: &str| {
            let vals = Vals::new().code("people", script.cell(who, &none));
            script.cells(&["upcoming", which, "show"], &vals).join("\n")
        };
        let friends = "friends";
        let act = |days: i64, request: bool| {
            let vals = Vals::new()
                .code("amount", v.amount)
                .lit("note", v.note)
                .lit("text", v.text)
                .code("days", days);
            let money = if request { "request" } else { "send" };
            script.cells(&[money, "text_and_task"], &vals).join("\n")
        };
        let ground_truth = vec![login.clone(), pick(friends, "soonest"), act(2, false)];
        let mut wrong = vec![
            solution(
                "picks the friend whose birthday is furthest off",
                vec![login.clone(), pick(friends, "furthest"), act(2, false)],
            ),
            solution(
                "requests the money instead of sending it",
                vec![login.clone(), pick(friends, "soonest"), act(2, true)],
            ),
            solution(
                "makes the task due on the birthday itself",
                vec![login.clone(), pick(friends, "soonest"), act(0, false)],
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "looks at every contact, not only friends",
                vec![login.clone(), pick("everyone", "soonest"), act(2, false)],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let name = full(&v.friend);
        vec![
            v.check(
                format!(
                    "one Venmo payment of ${}.00 to {name} (birthday {})",
                    v.amount,
                    v.bday.format("%m-%d")
                ),
                |v, ctx| {
                    let id = uid(ctx, "venmo", &v.friend.email);
                    let to: Vec<_> = payments_sent(ctx)
                        .into_iter()
                        .filter(|x| Some(x.0) == id)
                        .collect();
                    match to.as_slice() {
                        [one] if same_amount(one.1, v.amount as f64) => Ok(()),
                        [one] => Err(format!("paid ${}", one.1)),
                        _ => Err(format!("{} payments to them", to.len())),
                    }
                },
            ),
            v.check(format!("the payment's note is \"{}\"", v.note), |v, ctx| {
                let sent = payments_sent(ctx);
                match sent.iter().find(|x| x.2.trim() != v.note) {
                    Some(x) => Err(format!("noted \"{}\"", x.2)),
                    None if sent.is_empty() => Err("no payment".into()),
                    None => Ok(()),
                }
            }),
            v.check("no Venmo payment to anyone else", |v, ctx| {
                let id = uid(ctx, "venmo", &v.friend.email);
                match payments_sent(ctx).iter().find(|x| Some(x.0) != id) {
                    Some(x) => Err(format!("a payment to venmo user {}", x.0)),
                    None => Ok(()),
                }
            }),
            v.check(format!("one text to {name}: \"{}\"", v.text), |v, ctx| {
                let id = phone_id(ctx.db, &v.friend.phone_number);
                let to: Vec<_> = sent_texts(ctx)
                    .into_iter()
                    .filter(|x| Some(x.0) == id)
                    .collect();
                match to.as_slice() {
                    [one] if holds(&one.1, v.text) => Ok(()),
                    [one] => Err(format!("texted \"{}\"", one.1)),
                    _ => Err(format!("{} texts to them", to.len())),
                }
            }),
            v.check("no text to anyone else", |v, ctx| {
                let id = phone_id(ctx.db, &v.friend.phone_number);
                match sent_texts(ctx).iter().find(|x| Some(x.0) != id) {
                    Some(x) => Err(format!("a text to phone user {}", x.0)),
                    None => Ok(()),
                }
            }),
            v.check(
                format!(
                    "one task \"{}\" in the Inbox, due {}, and no other",
                    v.task_title, v.due
                ),
                card_task,
            ),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::texts_sent();
        allowed.extend(allow_venmo_payments("the supervisor's Venmo payment"));
        allowed.push(allow_added(
            "the supervisor's Inbox task",
            "todoist",
            "tasks",
            is_mine,
        ));
        allowed.push(allow_notifications("todoist"));
        allowed
    }
}

/// One task added, the card task in the Inbox due two days before the birthday.
fn card_task(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let inbox = inbox_id(ctx);
    let tasks = added(ctx, "todoist", "tasks");
    let [one] = tasks.as_slice() else {
        return Err(format!("{} tasks added", tasks.len()));
    };
    let task = NewTask::of(one);
    if task.project != inbox {
        return Err("not in the Inbox".into());
    }
    if !task.title.trim().eq_ignore_ascii_case(&v.task_title) {
        return Err(format!("titled {:?}", one.get("title")));
    }
    let due = task.due.unwrap_or_default();
    if due != v.due {
        return Err(format!("due \"{due}\""));
    }
    Ok(())
}

/// `p`'s friends (phone label `friend`) by their next birthday: (days to it, friend, date);
/// None when one is born on 29 February.
fn friends_by_birthday(
    pop: &Population,
    p: &Person,
    today: NaiveDate,
) -> Option<Vec<(i64, Person, NaiveDate)>> {
    let mut out = Vec::new();
    for (r, id) in pop.relations_of(p.id) {
        if r != Relation::Friend {
            continue;
        }
        let f = person(pop, id);
        let d = next_birthday(f.birthday, today)?;
        out.push(((d - today).num_days(), f, d));
    }
    out.sort_by_key(|x| x.0);
    Some(out)
}

/// Does `p` suit the birthday task: a unique nearest friend's birthday at least 3 days ahead,
/// and (`family_first`) someone else they know whose birthday comes sooner?
fn birthday_fits(pop: &Population, p: &Person, today: NaiveDate, family_first: bool) -> bool {
    let Some(list) = friends_by_birthday(pop, p, today) else {
        return false;
    };
    let ok = list.len() >= 2 && list[0].0 >= 3 && list[0].0 < list[1].0;
    if !ok {
        return false;
    }
    let friend_ids: Vec<i64> = list.iter().map(|x| x.1.id).collect();
    let sooner = known(pop, p).iter().any(|k| {
        !friend_ids.contains(&k.id)
            && days_to_birthday(k.birthday, today).is_some_and(|d| d < list[0].0)
    });
    sooner == family_first
}
