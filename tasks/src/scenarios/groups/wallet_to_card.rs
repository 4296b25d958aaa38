//! "Move what's in my Venmo wallet beyond the reserve my budget note names to my bank card
//! that hasn't expired." The cards saved in Venmo are replaced by a designed set: expired ones
//! listed first, one valid. The budget note has an older, crossed-out reserve.

use crate::kit::changes::{allow_own, updates_only};
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::python::solution;
use crate::kit::venmo::{balance, remove_cards, transfers_made};
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use crate::setup::Card;
use apps::people::Person;
use chrono::NaiveDateTime;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    /// The wallet's balance, the reserve to keep and April's crossed-out one, in cents.
    balance: i64,
    keep: i64,
    old_keep: i64,
    /// (name, expiry year, month, valid) of the cards in Venmo.
    cards: Vec<(&'static str, i64, i64, bool)>,
    /// The budget note's title.
    title: &'static str,
    /// The cards' numbers count up from this.
    base_no: i64,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "venmo"];
    const SCRIPT: &str = include_str!("wallet_to_card.py");

    /// The amounts, the cards, and the notes (the budget note among filler).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let v = g.variant;
        let balance = cents_of(&mut g.rng, 30_000, 90_000, 1);
        let keep = [5_000, 7_500, 12_000][(v - 1) as usize];
        let old_keep = keep + 2_500;
        let cards: Vec<(&str, i64, i64, bool)> = match v {
            1 => vec![
                ("Chase Freedom", 2022, 11, false),
                ("Wells Fargo Debit", 2026, 8, true),
            ],
            2 => vec![
                ("Citi Double Cash", 2023, 2, false),
                ("Discover It", 2021, 6, false),
                ("Capital One Savor", 2025, 3, true),
            ],
            _ => vec![
                ("Amex Blue", 2023, 4, false),
                ("Bank of America Debit", 2027, 1, true),
                ("Chase Sapphire", 2022, 12, false),
            ],
        };
        let title = ["Monthly budget", "Money plan", "Budget - May"][(v - 1) as usize];
        let content = format!(
            "Rent: $1,450\nGroceries: $400\nSavings goal: $300\n~~Venmo reserve: ${}~~ (April)\nVenmo reserve: ${}\nSubscriptions: $38.97",
            c2(old_keep),
            c2(keep)
        );
        let mut notes = g.filler(&p, 5, &[], &[title]);
        let mine = vec![g.note(title, &content, &["finance"], true, 9)];
        notes = mix(&mut g.rng, notes, mine);
        let values = Values {
            base_no: 4_100_000_000_000_000 + p.id * 1_000_000,
            supervisor: p,
            variant: v,
            now: g.now,
            balance,
            keep,
            old_keep,
            cards,
            title,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        let title = v.title;
        match v.variant {
            1 => format!(
                "Move the money in my Venmo wallet to my bank card that hasn't expired, but leave the Venmo reserve from my \"{title}\" note in the wallet."
            ),
            2 => format!(
                "Transfer my Venmo balance to whichever of my saved cards is still valid, keeping back only the current Venmo reserve written in my note \"{title}\"."
            ),
            _ => format!(
                "Cash out Venmo: send everything above the Venmo reserve in my \"{title}\" note to the card on my Venmo account that isn't expired."
            ),
        }
    }

    /// The designed cards in place of the supervisor's, and the balance.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            remove_cards(s, s.user_id("venmo", sup)?)?;
            s.set_venmo_balance(sup, usd(v.balance))?;
            for (i, (name, y, m, _)) in v.cards.iter().enumerate() {
                s.add_venmo_card(
                    sup,
                    Card {
                        name,
                        number: v.base_no + 1_111 * (i as i64 + 1),
                        expiry: (*y, *m),
                        cvv: 100 + 37 * i as i64,
                    },
                    2_000.0,
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions: `card` withdraws `amount`.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new()
            .lit("title", v.title)
            .code("year", v.now.format("%Y"))
            .code("month", v.now.format("%-m"));
        let send = |card: &str, amount: &str| {
            script.cells(
                &["logins", "read", card],
                &vals.clone().code("amount", amount),
            )
        };
        let ground_truth = send("withdraw", "round(balance - keep, 2)");
        let wrong = vec![
            solution("moves the whole balance", send("withdraw", "balance")),
            solution(
                "keeps April's crossed-out reserve",
                send(
                    "withdraw",
                    &format!("round(balance - {}, 2)", c2(v.old_keep)),
                ),
            ),
            solution("moves only the reserve", send("withdraw", "keep")),
            solution(
                "uses the first card listed",
                send("withdraw_to_first_card", "round(balance - keep, 2)"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let valid = v.cards.iter().find(|c| c.3).map(|c| c.0).unwrap_or("");
        vec![
            v.check("exactly one transfer from Venmo to a card", |_, ctx| {
                let t: Vec<(String, f64, String)> = transfers_made(ctx)
                    .into_iter()
                    .map(|t| (t.kind, t.amount, t.digits))
                    .collect();
                match t.as_slice() {
                    [one] if one.0 == "venmo_to_card" => Ok(()),
                    _ => Err(format!("transfers {t:?}")),
                }
            }),
            v.check(
                format!("it moves ${}", c2(v.balance - v.keep)),
                |v, ctx| match transfers_made(ctx).first() {
                    Some(t) if same_amount(t.amount, usd(v.balance - v.keep)) => Ok(()),
                    Some(t) => Err(format!("${}", t.amount)),
                    None => Err("no transfer".into()),
                },
            ),
            v.check(
                format!("to the valid card, {valid} (…{})", valid_digits(v)),
                |v, ctx| match transfers_made(ctx).first() {
                    Some(t) if t.digits.ends_with(&valid_digits(v)) => Ok(()),
                    Some(t) => Err(format!("to the card ending {}", t.digits)),
                    None => Err("no transfer".into()),
                },
            ),
            v.check(format!("${} stays in the wallet", c2(v.keep)), |v, ctx| {
                let b = balance(ctx.db, ctx.user_id("venmo").unwrap_or(0)).unwrap_or(0.0);
                if same_amount(b, usd(v.keep)) {
                    Ok(())
                } else {
                    Err(format!("${b}"))
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_own("the withdrawal", "venmo", "bank_transfers", "user_id"),
            Allow::new("the wallet balance", |_, r| {
                r.is("venmo", "users") && updates_only(r, &["venmo_balance"])
            }),
            Allow::new("the card's bank balance", |_, r| {
                r.is("admin", "payment_cards") && updates_only(r, &["balance"])
            }),
            allow::venmo_notifications(),
        ]
        .into_iter()
        .chain(allow::venmo_transfer_mail())
        .collect()
    }
}

/// The last four digits of the valid card.
fn valid_digits(v: &Values) -> String {
    let valid_at = v.cards.iter().position(|c| c.3).unwrap_or(0) as i64;
    format!("{}", (v.base_no + 1_111 * (valid_at + 1)) % 10_000)
}
