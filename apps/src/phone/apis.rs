//! The registrations of the phone app's own APIs, in docs order (the account APIs come from
//! `common::accounts`), with the one-line adapters that pass a message handler its [`Kind`].
//! Handlers live by topic: `contacts.rs`, `messages.rs`, `alarms.rs` (with the clock).

use super::APP;
use super::alarms;
use super::contacts;
use super::messages;
use super::rows::Kind;
use serde_json::{Value, json};
use sim::api::params::Constraints;
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

fn contact_example() -> Value {
    json!({"contact_id": 1, "first_name": "string", "last_name": "string", "email": "user@example.com", "phone_number": "string",
           "relationships": ["string"], "birthday": "string", "home_address": "string", "work_address": "string", "created_at": "2019-01-01T00:00:00"})
}

fn message_example(id_field: &str) -> Value {
    let party = json!({"contact_id": 1, "name": "string", "phone_number": "string"});
    let mut m = serde_json::Map::new();
    m.insert(id_field.into(), json!(1));
    m.insert("sender".into(), party.clone());
    m.insert("receiver".into(), party);
    m.insert("message".into(), json!("string"));
    m.insert("sent_at".into(), json!("2019-01-01T00:00:00"));
    Value::Object(m)
}

fn alarm_example() -> Value {
    json!({"alarm_id": 1, "time": "string", "repeat_days": ["monday"], "label": "string", "enabled": true, "snooze_minutes": 0.0,
           "vibration": true, "created_at": "2019-01-01T00:00:00", "user": {"name": "string", "phone_number": "string"}})
}

/// A `repeat_days` parameter: lower-case weekday names.
fn repeat_days(doc: &'static str) -> P {
    P::str_list("repeat_days")
        .nullable()
        .constraints(Constraints {
            items_enum: Some(alarms::WEEKDAYS.to_vec()),
            ..Default::default()
        })
        .doc(doc)
}

/// A datetime bound of a message window.
fn bound(name: &'static str, default: &str, doc: &'static str) -> P {
    P::str(name)
        .default(json!(default))
        .format("datetime (YYYY-MM-DD|HH:MM:SS)")
        .doc(doc)
}

pub(super) fn all() -> Vec<ApiSpec> {
    let mut apis = contact_apis();
    apis.extend(message_apis(Kind::Text));
    apis.extend(alarm_apis());
    apis.extend(message_apis(Kind::Voice));
    apis.push(
        Api::get(APP, "get_current_date_and_time", "/phone/date_time")
            .doc("Show the current date and time, as the phone displays them.")
            .returns(json!({"date": "string", "time": "string"}))
            .handler(alarms::get_current_date_and_time),
    );
    apis
}

fn contact_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_contact_relationships", "/phone/contact_relationships")
            .doc("List the relationship labels used in your contacts, each once, sorted.")
            .auth()
            .returns(json!(["string"]))
            .handler(contacts::show_contact_relationships),
        Api::get(APP, "search_contacts", "/phone/contacts")
            .doc("List your contacts, newest first, or search them by text (names, e-mail, phone number, relationships, addresses); optionally only those with a relationship.")
            .auth()
            .param(P::str("query").default(json!("")).doc("Text to search for; empty lists all contacts."))
            .param(P::str("relationship").optional().doc("Only contacts with this relationship (case and plural do not matter), e.g. friend."))
            .paged()
            .returns(json!([contact_example()]))
            .handler(contacts::search_contacts),
        Api::post(APP, "add_contact", "/phone/contacts")
            .doc("Add a contact. Its e-mail address must be unique among your contacts.")
            .param(P::str("first_name").doc("The contact's first name."))
            .param(P::str("last_name").doc("The contact's last name."))
            .param(P::str("phone_number").doc("The contact's phone number."))
            .auth()
            .param(P::str("email").nullable().email().doc("The contact's e-mail address (needed)."))
            .param(P::str_list("relationships").nullable().doc("How the contact relates to you, e.g. friend, sister, coworker."))
            .param(P::str("birthday").nullable().format("date (YYYY-MM-DD)").doc("The contact's birthday, YYYY-MM-DD."))
            .param(P::str("home_address").nullable().doc("The contact's home address."))
            .param(P::str("work_address").nullable().doc("The contact's work address."))
            .returns(json!({"message": "string", "contact_id": 1}))
            .handler(contacts::add_contact),
        Api::delete(APP, "delete_contact", "/phone/contacts/{contact_id}")
            .doc("Delete one of your contacts.")
            .param(P::int("contact_id").doc("The contact's id."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(contacts::delete_contact),
        Api::patch(APP, "update_contact", "/phone/contacts/{contact_id}")
            .doc("Change a contact's details; fields left out stay as they are.")
            .param(P::int("contact_id").doc("The contact's id."))
            .auth()
            .param(P::str("first_name").nullable().doc("New first name."))
            .param(P::str("last_name").nullable().doc("New last name."))
            .param(P::str("phone_number").nullable().doc("New phone number."))
            .param(P::str("email").nullable().email().doc("New e-mail address."))
            .param(P::str_list("relationships").nullable().doc("New relationships (replace the old ones)."))
            .param(P::str("birthday").nullable().format("date (YYYY-MM-DD)").doc("New birthday, YYYY-MM-DD."))
            .param(P::str("home_address").nullable().doc("New home address."))
            .param(P::str("work_address").nullable().doc("New work address."))
            .returns(json!({"message": "string"}))
            .handler(contacts::update_contact),
    ]
}

/// The five message APIs of one kind, in docs order: window, search, show, delete, send.
fn message_apis(kind: Kind) -> Vec<ApiSpec> {
    let text = kind == Kind::Text;
    let (id_field, base): (&'static str, &'static str) = if text {
        ("text_message_id", "/phone/messages/text")
    } else {
        ("voice_message_id", "/phone/messages/voice")
    };
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let name = |verb: &str, suffix: &str| -> &'static str {
        leak(format!(
            "{verb}_{}{suffix}",
            if text {
                "text_message"
            } else {
                "voice_message"
            }
        ))
    };
    vec![
        Api::get(APP, name("show", "_window"), leak(format!("{base}/window")))
            .doc(if text {
                "Show your text messages with one phone number sent within a time range, a page at a time (newest page first by default); each page comes oldest first."
            } else {
                "Show your voice messages with one phone number sent within a time range, a page at a time (newest page first by default); each page comes oldest first."
            })
            .param(P::str("phone_number").doc("The other person's phone number."))
            .auth()
            .param(bound("min_datetime", "1500-01-01|00:00:00", "Earliest send time, YYYY-MM-DD|HH:MM:SS (inclusive)."))
            .param(bound("max_datetime", "3000-01-01|00:00:00", "Latest send time, YYYY-MM-DD|HH:MM:SS (inclusive)."))
            .param(
                P::str("pagination_order")
                    .default(json!("descending"))
                    .one_of(&["ascending", "descending"])
                    .doc("descending pages from the newest messages, ascending from the oldest."),
            )
            .paged()
            .returns(json!([message_example(id_field)]))
            .handler(if text { text_window } else { voice_window }),
        Api::get(APP, name("search", "s"), base)
            .doc(if text {
                "List your text messages, newest first, or search them by text and names; optionally only those with one phone number, or only the latest per contact."
            } else {
                "List your voice messages, newest first, or search them by text and names; optionally only those with one phone number, or only the latest per contact."
            })
            .auth()
            .param(P::str("query").default(json!("")).doc("Text to search for; empty lists all messages."))
            .param(P::str("phone_number").nullable().doc("Only messages with this phone number."))
            .param(P::bool("only_latest_per_contact").default(json!(false)).doc("Only the latest message with each person."))
            .paged()
            .sort_by(&["created_at"], &["created_at"])
            .returns(json!([message_example(id_field)]))
            .handler(if text { text_search } else { voice_search }),
        Api::get(APP, name("show", ""), leak(format!("{base}/{{{id_field}}}")))
            .doc(if text { "Show one of your text messages." } else { "Show one of your voice messages." })
            .param(P::int(id_field).doc("The message's id."))
            .auth()
            .returns(message_example(id_field))
            .handler(if text { text_show } else { voice_show }),
        Api::delete(APP, name("delete", ""), leak(format!("{base}/{{{id_field}}}")))
            .doc(if text {
                "Delete your copy of a text message (the other person keeps theirs)."
            } else {
                "Delete your copy of a voice message (the other person keeps theirs)."
            })
            .param(P::int(id_field).doc("The message's id."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(if text { text_delete } else { voice_delete }),
        Api::post(APP, name("send", ""), leak(format!("{base}/{{phone_number}}")))
            .doc(if text {
                "Send a text message to the person with this phone number."
            } else {
                "Send a voice message to the person with this phone number."
            })
            .param(P::str("phone_number").doc("The recipient's phone number."))
            .param(P::str("message").min_len(1).doc("The message."))
            .auth()
            .returns({
                let mut m = serde_json::Map::new();
                m.insert("message".into(), json!("string"));
                m.insert(id_field.into(), json!(1));
                Value::Object(m)
            })
            .handler(if text { text_send } else { voice_send }),
    ]
}

fn alarm_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_alarms", "/phone/alarms")
            .doc("List your alarms by time.")
            .auth()
            .paged()
            .returns(json!([alarm_example()]))
            .handler(alarms::show_alarms),
        Api::post(APP, "create_alarm", "/phone/alarms")
            .doc("Create an alarm. No two of your alarms may share time, repeat days and label.")
            .param(
                P::str("time")
                    .format("time (HH:MM)")
                    .doc("The time, HH:MM (24-hour)."),
            )
            .auth()
            .param(repeat_days(
                "Weekdays to repeat on (lower-case names); none rings once.",
            ))
            .param(P::str("label").nullable().doc("A label for the alarm."))
            .param(
                P::bool("enabled")
                    .default(json!(true))
                    .doc("Whether the alarm is on."),
            )
            .param(
                P::int("snooze_minutes")
                    .default(json!(15))
                    .ge(0.0)
                    .doc("Snooze length in minutes."),
            )
            .param(
                P::bool("vibration")
                    .default(json!(true))
                    .doc("Whether the phone vibrates."),
            )
            .returns(json!({"message": "string", "alarm_id": 1}))
            .handler(alarms::create_alarm),
        Api::get(APP, "show_alarm", "/phone/alarms/{alarm_id}")
            .doc("Show one of your alarms.")
            .param(P::int("alarm_id").doc("The alarm's id."))
            .auth()
            .returns(alarm_example())
            .handler(alarms::show_alarm),
        Api::delete(APP, "delete_alarm", "/phone/alarms/{alarm_id}")
            .doc("Delete one of your alarms.")
            .param(P::int("alarm_id").doc("The alarm's id."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(alarms::delete_alarm),
        Api::patch(APP, "update_alarm", "/phone/alarms/{alarm_id}")
            .doc("Change an alarm's settings; fields left out stay as they are.")
            .param(P::int("alarm_id").doc("The alarm's id."))
            .auth()
            .param(
                P::str("time")
                    .nullable()
                    .format("time (HH:MM)")
                    .doc("New time, HH:MM (24-hour)."),
            )
            .param(repeat_days("New repeat days (replace the old ones)."))
            .param(P::str("label").nullable().doc("New label."))
            .param(
                P::bool("enabled")
                    .nullable()
                    .doc("Turn the alarm on or off."),
            )
            .param(
                P::int("snooze_minutes")
                    .nullable()
                    .ge(0.0)
                    .doc("New snooze length in minutes."),
            )
            .param(
                P::bool("vibration")
                    .nullable()
                    .doc("Turn vibration on or off."),
            )
            .returns(json!({"message": "string"}))
            .handler(alarms::update_alarm),
    ]
}

/// The one-line adapters: each passes a message handler its [`Kind`].
macro_rules! kind_adapters {
    ($($name:ident => $handler:ident($kind:ident);)+) => {
        $(
            #[doc = concat!("`messages::", stringify!($handler), "` of ", stringify!($kind), " messages.")]
            fn $name(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
                messages::$handler(ctx, a, Kind::$kind)
            }
        )+
    };
}

kind_adapters! {
    text_window => window(Text);
    voice_window => window(Voice);
    text_search => search(Text);
    voice_search => search(Voice);
    text_show => show(Text);
    voice_show => show(Voice);
    text_delete => delete(Text);
    voice_delete => delete(Voice);
    text_send => send(Text);
    voice_send => send(Voice);
}
