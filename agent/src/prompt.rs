//! The agent's prompt (our own words), the first messages of a task, code extraction from a
//! reply, and observations cut to a token budget.

use crate::chat::ChatTokenizer;
use apps::people::Person;
use serde_json::{Value, json};
use tasks::Task;

/// How much instruction the system prompt carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PromptStyle {
    /// The full contract: the `apis` object, discovery, accounts, completion, a worked example.
    #[default]
    Full,
    /// One line of system prompt: for tiny models with short contexts.
    Minimal,
}

/// The full system prompt: how the environment works, with one worked example.
pub const SYSTEM_FULL: &str = r#"You act for a person, your supervisor, inside a set of apps (notes, mail, music, shopping, payments, files, phone, to-dos, shared expenses). You work by writing Python, one code cell per turn; the cell runs in a persistent interpreter and you see what it prints.

The environment:
- `apis.<app>.<api>(**kwargs)` calls an app's API and returns plain dicts and lists. A failed call raises an exception with the status code and message: read it and fix the call.
- `apis.api_docs.show_app_descriptions()` lists the apps; `apis.api_docs.show_api_descriptions(app_name=...)` lists an app's APIs; `apis.api_docs.show_api_doc(app_name=..., api_name=...)` gives one API's parameters and response. Look up an API before calling it for the first time.
- `apis.supervisor` holds what the supervisor knows: `show_profile()`, `show_addresses()`, `show_payment_cards()`, and `show_account_passwords()` (passwords for logging in to each app). Most app APIs need an `access_token` from `apis.<app>.login(username=<email or phone>, password=...)`.
- List APIs are paged: pass `page_index` (from 0) and `page_limit` and keep going until a page comes back empty or short.
- When the task is done, call `apis.supervisor.complete_task()`; when it asks a question, call `apis.supervisor.complete_task(answer=<the answer>)` with just the value (a number or a short string). That ends the episode.

Each turn: think in a sentence or two, then write exactly one block
```python
...
```
Print what you need to see. Do not guess values you can look up. Only change what the task asks for.

Example. Task: "How many notes do I have?"
Turn 1:
Let me find my simple_note password.
```python
passwords = {p["account_name"]: p["password"] for p in apis.supervisor.show_account_passwords()}
print(passwords["simple_note"])
```
Turn 2 (after seeing the output): I can log in and count my notes page by page.
```python
profile = apis.supervisor.show_profile()
token = apis.simple_note.login(username=profile["email"], password=passwords["simple_note"])["access_token"]
count, page = 0, 0
while True:
    notes = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20)
    count += len(notes)
    if len(notes) < 20:
        break
    page += 1
apis.supervisor.complete_task(answer=count)
```"#;

/// The minimal system prompt.
pub const SYSTEM_MINIMAL: &str =
    "Solve the task with Python using `apis`. Reply with one ```python``` code block.";

/// The first user message: who the supervisor is and what they ask.
pub fn task_message(task: &Task, supervisor: Option<&Person>, style: PromptStyle) -> String {
    match (style, supervisor) {
        (PromptStyle::Full, Some(p)) => format!(
            "My name is {} {}. My email is {} and my phone number is {}.\nTask: {}",
            p.first_name, p.last_name, p.email, p.phone_number, task.instruction
        ),
        _ => format!("Task: {}", task.instruction),
    }
}

/// The system and first user messages of a task.
pub fn initial_messages(
    task: &Task,
    supervisor: Option<&Person>,
    style: PromptStyle,
) -> Vec<Value> {
    let system = match style {
        PromptStyle::Full => SYSTEM_FULL,
        PromptStyle::Minimal => SYSTEM_MINIMAL,
    };
    vec![
        json!({"role": "system", "content": system}),
        json!({"role": "user", "content": task_message(task, supervisor, style)}),
    ]
}

/// The code cell of a reply: the first fenced block (```python, ```py or a bare ```); an
/// unterminated last block counts up to the end of the reply. `None` when there is no block.
pub fn extract_code(reply: &str) -> Option<String> {
    let start = reply.find("```")?;
    let after = &reply[start + 3..];
    let body_start = after.find('\n').map(|i| i + 1).unwrap_or(after.len());
    let lang = after[..body_start].trim();
    if !(lang.is_empty() || lang == "python" || lang == "py" || lang == "python3") {
        // A fence with another language tag: look for the next block.
        let rest = &after[body_start..];
        return rest
            .find("```")
            .and_then(|end| extract_code(&rest[end + 3..]));
    }
    let body = &after[body_start..];
    let code = match body.find("```") {
        Some(end) => &body[..end],
        None => body,
    };
    let code = code.trim_end();
    (!code.trim().is_empty()).then(|| format!("{code}\n"))
}

/// The observation for a reply without a code block.
pub const NO_CODE: &str =
    "No code block found. Reply with one Python code block: ```python\\n...\\n```";

/// Text of the user turn that carries a cell's output.
pub fn observation_message(output: &str) -> Value {
    json!({"role": "user", "content": format!("Output:\n```\n{output}\n```")})
}

/// Cuts `output` to about `budget` tokens (counted with `tok` when given, else as 4 characters
/// per token), keeping the start and the end and saying how much was left out.
pub fn cut_output(output: &str, budget: usize, tok: Option<&ChatTokenizer>) -> String {
    let count = |s: &str| match tok {
        Some(t) => t.encode(s).map(|ids| ids.len()).unwrap_or(s.len() / 4),
        None => s.chars().count().div_ceil(4),
    };
    let total = count(output);
    if total <= budget {
        return output.to_string();
    }
    // Keep characters in proportion to the budget: three quarters from the start, a quarter
    // from the end, on character boundaries.
    let chars: Vec<char> = output.chars().collect();
    let keep = (chars.len() as f64 * budget as f64 / total as f64) as usize;
    let head = keep * 3 / 4;
    let tail = keep - head;
    let head_s: String = chars[..head].iter().collect();
    let tail_s: String = chars[chars.len() - tail..].iter().collect();
    format!(
        "{head_s}\n[... output cut: about {} of {total} tokens left out; print less, or page through it ...]\n{tail_s}",
        total.saturating_sub(budget)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extracts_the_first_python_block() {
        let r = "I will count.\n```python\nx = 1\nprint(x)\n```\nand more ```python\ny=2\n```";
        assert_eq!(extract_code(r).unwrap(), "x = 1\nprint(x)\n");
        assert_eq!(extract_code("```\nprint(3)\n```").unwrap(), "print(3)\n");
        assert_eq!(extract_code("```python\nprint(4)").unwrap(), "print(4)\n");
        assert_eq!(
            extract_code("```json\n{}\n```\n```python\nz()\n```").unwrap(),
            "z()\n"
        );
        assert_eq!(extract_code("no code here"), None);
        assert_eq!(extract_code("```python\n\n```"), None);
    }

    #[test]
    fn long_outputs_are_cut_with_a_note() {
        let long = "abcdefgh".repeat(500);
        let cut = cut_output(&long, 100, None);
        assert!(cut.len() < 600, "{}", cut.len());
        assert!(cut.contains("output cut"));
        assert!(cut.starts_with("abcdefgh"));
        assert_eq!(cut_output("short", 100, None), "short");
    }
}
