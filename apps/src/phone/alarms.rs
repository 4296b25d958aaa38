//! Alarms: a time `HH:MM`, repeat days, a label and settings; unique per owner by time, repeat
//! days and label (an alarm without a label never collides). Also the phone's clock.

use super::contacts::invalid_update;
use super::rows::NewAlarm;
use crate::common::pytext::py_json_list;
use crate::common::pytime::time_param;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::natural_join;
use sim::api::{ApiError, Args, Ctx};

const FIELDS: &str = "a.id, a.user_id, a.time, a.repeat_days, a.label, a.enabled, a.snooze_minutes, a.vibration, a.created_at, \
     u.first_name || ' ' || u.last_name, u.phone_number";

/// An alarm row with its owner's name and number.
struct Alarm {
    id: i64,
    user_id: i64,
    time: String,
    /// The JSON text stored (`null` for none).
    repeat_days: Option<String>,
    label: Option<String>,
    enabled: bool,
    snooze_minutes: i64,
    vibration: Option<bool>,
    created_at: String,
    owner_name: Option<String>,
    owner_phone: Option<String>,
}

impl Alarm {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Alarm> {
        Ok(Alarm {
            id: r.get(0)?,
            user_id: r.get(1)?,
            time: r.get(2)?,
            repeat_days: r.get(3)?,
            label: r.get(4)?,
            enabled: r.get(5)?,
            snooze_minutes: r.get(6)?,
            vibration: r.get(7)?,
            created_at: sim::clock::normalize_datetime(r.get(8)?),
            owner_name: r.get(9)?,
            owner_phone: r.get(10)?,
        })
    }

    fn days(&self) -> Value {
        self.repeat_days
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or(Value::Null)
    }

    fn into_json(self) -> Value {
        let days = self.days();
        json!({
            "alarm_id": self.id,
            "time": self.time,
            "repeat_days": days,
            "label": self.label,
            "enabled": self.enabled,
            "snooze_minutes": self.snooze_minutes,
            "vibration": self.vibration,
            "created_at": self.created_at,
            "user": {"name": self.owner_name, "phone_number": self.owner_phone},
        })
    }
}

fn select() -> String {
    format!("SELECT {FIELDS} FROM phone.alarms a LEFT JOIN phone.users u ON u.id = a.user_id")
}

/// An alarm the caller owns: 409 if none has this id, 422 if it is someone else's.
fn owned_alarm(ctx: &Ctx, id: i64) -> Result<Alarm, ApiError> {
    let me = ctx.user()?.id;
    let alarm = ctx
        .db
        .prepare_cached(&format!("{} WHERE a.id = ?1", select()))?
        .query_row([id], Alarm::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("alarm", id))?;
    if alarm.user_id != me {
        return Err(ApiError::not_owner("alarm"));
    }
    Ok(alarm)
}

/// An alarm time as the stored model requires it: exactly two digits, `:`, two digits (the
/// format check, [`time_param`], also passes `7:5`).
fn two_digit_time(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 5 && b[2] == b':' && [0, 1, 3, 4].iter().all(|&i| b[i].is_ascii_digit())
}

/// 422 for a snooze that does not fit a 64-bit integer (AppWorld fails with a server error when
/// it stores it).
fn check_snooze(a: &Args) -> Result<(), ApiError> {
    if a.value("snooze_minutes").as_i64() == Some(i64::MAX) {
        return Err(ApiError::validation(&[(
            "snooze_minutes".into(),
            "ensure this value is less than 9223372036854775807".into(),
        )]));
    }
    Ok(())
}

/// The weekday names `repeat_days` may hold.
pub(super) const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// The repeat days as stored: Python's JSON text of the list, `null` for none.
fn days_text(a: &Args) -> Option<String> {
    a.opt_str_list("repeat_days").map(|d| py_json_list(&d))
}

/// AppWorld's 409 for a second alarm with the same owner, time, repeat days and label.
fn duplicate(e: rusqlite::Error) -> ApiError {
    match &e {
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
        {
            ApiError::new(
                409,
                format!(
                    "Alarm with this {} already exists.",
                    natural_join(&["user_id", "time", "repeat_days", "label"])
                ),
            )
        }
        _ => ApiError::from(e),
    }
}

/// show_alarms: by time, ties as AppWorld's (owner, time, repeat days, label) index orders them.
pub(super) fn show_alarms(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = ctx.user()?.id;
    let (index, limit) = (a.int("page_index"), a.int("page_limit"));
    let mut st = ctx.db.prepare_cached(&format!(
        "{} WHERE a.user_id = ?1 ORDER BY a.time, a.repeat_days, a.label, a.id LIMIT ?2 OFFSET ?3",
        select()
    ))?;
    let rows = st.query_map(params![me, limit, index.saturating_mul(limit)], Alarm::read)?;
    let alarms: Vec<Alarm> = rows.collect::<Result<_, _>>()?;
    Ok(Value::Array(
        alarms.into_iter().map(Alarm::into_json).collect(),
    ))
}

/// create_alarm. A time the format check accepts but the model refuses (`7:30`) is a server
/// error in AppWorld; appsim answers it like any other bad time.
pub(super) fn create_alarm(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = ctx.user()?.id;
    let time = a.str("time");
    time_param("time", time)?;
    if !two_digit_time(time) {
        return Err(ApiError::unprocessable("Invalid time format. Use HH:MM."));
    }
    check_snooze(a)?;
    let id = NewAlarm {
        user_id: me,
        time,
        repeat_days: &days_text(a).unwrap_or_else(|| "null".into()),
        label: a.opt_str("label"),
        enabled: a.opt_bool("enabled").unwrap_or(true),
        snooze_minutes: a.int("snooze_minutes"),
        vibration: a.opt_bool("vibration").unwrap_or(true),
        created_at: &sim::clock::fmt_datetime(ctx.now),
    }
    .insert(ctx.db)
    .map_err(duplicate)?;
    Ok(json!({"message": "Alarm created successfully.", "alarm_id": id}))
}

/// show_alarm.
pub(super) fn show_alarm(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Ok(owned_alarm(ctx, a.int("alarm_id"))?.into_json())
}

/// delete_alarm.
pub(super) fn delete_alarm(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let alarm = owned_alarm(ctx, a.int("alarm_id"))?;
    ctx.db
        .execute("DELETE FROM phone.alarms WHERE id = ?1", [alarm.id])?;
    Ok(json!({"message": "Alarm deleted successfully."}))
}

/// update_alarm: the fields given (a null leaves a field as it is).
pub(super) fn update_alarm(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let alarm = owned_alarm(ctx, a.int("alarm_id"))?;
    if let Some(time) = a.opt_str("time") {
        time_param("time", time)?;
        if !two_digit_time(time) {
            return Err(invalid_update(
                "Alarm",
                &[r#"{'loc': ('time',), 'msg': 'string does not match regex "^\\d{2}:\\d{2}$"', 'type': 'value_error.str.regex', 'ctx': {'pattern': '^\\d{2}:\\d{2}$'}}"#.to_string()],
            ));
        }
    }
    check_snooze(a)?;
    ctx.db
        .prepare_cached(
            "UPDATE phone.alarms SET time = ?1, repeat_days = ?2, label = ?3, enabled = ?4, snooze_minutes = ?5, vibration = ?6 \
             WHERE id = ?7",
        )?
        .execute(params![
            a.opt_str("time").unwrap_or(&alarm.time),
            days_text(a).or(alarm.repeat_days),
            a.opt_str("label").or(alarm.label.as_deref()),
            a.opt_bool("enabled").unwrap_or(alarm.enabled),
            a.value("snooze_minutes")
                .as_i64()
                .unwrap_or(alarm.snooze_minutes),
            a.opt_bool("vibration").or(alarm.vibration),
            alarm.id
        ])
        .map_err(duplicate)?;
    Ok(json!({"message": "Alarm updated successfully."}))
}

/// get_current_date_and_time: the episode's frozen clock, as the phone shows it
/// (`Thursday, May 18, 2023` and `12:00 PM`).
pub(super) fn get_current_date_and_time(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    Ok(json!({
        "date": ctx.now.format("%A, %B %d, %Y").to_string(),
        "time": ctx.now.format("%I:%M %p").to_string(),
    }))
}
