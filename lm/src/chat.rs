//! Tokenizer (`tokenizer.json`), chat template (`tokenizer_config.json`, rendered with
//! minijinja the way transformers renders it) and a token-in/token-out conversation.

use crate::error::{AgentError, Result, read_json};
use minijinja::value::Value as JValue;
use minijinja::{Environment, Error as JError, ErrorKind};
use serde_json::{Map, Value, json};
use std::path::Path;

/// A model directory's tokenizer with its chat template and special tokens.
#[derive(Clone)]
pub struct ChatTokenizer {
    tokenizer: tokenizers::Tokenizer,
    env: Option<Environment<'static>>,
    /// End-of-turn token text (`eos_token` of `tokenizer_config.json`), if any.
    pub eos_token: Option<String>,
    /// Its id.
    pub eos_id: Option<u32>,
    /// Padding id (`pad_token`, else the end-of-turn id, else 0).
    pub pad_id: u32,
    bos_token: Option<String>,
}

fn token_text(v: Option<&Value>) -> Option<String> {
    match v {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Object(o)) => o.get("content").and_then(Value::as_str).map(str::to_string),
        _ => None,
    }
}

/// Writes JSON as Python's `json.dumps` does by default (`", "` and `": "` separators,
/// non-ASCII kept), which is what transformers' `tojson` filter produces.
fn python_json(v: &Value, out: &mut String) {
    match v {
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                python_json(x, out);
            }
            out.push(']');
        }
        Value::Object(o) => {
            out.push('{');
            for (i, (k, x)) in o.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push_str(": ");
                python_json(x, out);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

fn tojson(v: JValue) -> std::result::Result<String, JError> {
    let j = serde_json::to_value(&v)
        .map_err(|e| JError::new(ErrorKind::InvalidOperation, e.to_string()))?;
    let mut s = String::new();
    python_json(&j, &mut s);
    Ok(s)
}

fn build_env(template: String) -> Result<Environment<'static>> {
    let mut env = Environment::new();
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
    env.add_filter("tojson", tojson);
    env.add_function(
        "raise_exception",
        |msg: String| -> std::result::Result<String, JError> {
            Err(JError::new(ErrorKind::InvalidOperation, msg))
        },
    );
    env.add_template_owned("chat", template)
        .map_err(|e| AgentError::Template(e.to_string()))?;
    Ok(env)
}

impl ChatTokenizer {
    /// Loads `tokenizer.json` and, when present, `tokenizer_config.json` from `dir`.
    pub fn from_dir(dir: &Path) -> Result<Self> {
        let tpath = dir.join("tokenizer.json");
        if !tpath.exists() {
            return Err(AgentError::MissingFile {
                path: tpath,
                what: "the tokenizer".into(),
            });
        }
        let tokenizer = tokenizers::Tokenizer::from_file(&tpath)
            .map_err(|e| AgentError::Tokenizer(format!("{}: {e}", tpath.display())))?;
        let cpath = dir.join("tokenizer_config.json");
        let cfg = if cpath.exists() {
            read_json(&cpath, "the tokenizer config")?
        } else {
            json!({})
        };
        let template = match cfg.get("chat_template") {
            Some(Value::String(s)) => Some(s.clone()),
            // A list of named templates: take "default".
            Some(Value::Array(a)) => a
                .iter()
                .find(|t| t.get("name").and_then(Value::as_str) == Some("default"))
                .and_then(|t| t.get("template"))
                .and_then(Value::as_str)
                .map(str::to_string),
            _ => None,
        };
        let template = match template {
            Some(t) => Some(t),
            None => std::fs::read_to_string(dir.join("chat_template.jinja")).ok(),
        };
        let env = template.map(build_env).transpose()?;
        let eos_token = token_text(cfg.get("eos_token"));
        let eos_id = eos_token.as_deref().and_then(|t| tokenizer.token_to_id(t));
        let pad_id = token_text(cfg.get("pad_token"))
            .and_then(|t| tokenizer.token_to_id(&t))
            .or(eos_id)
            .unwrap_or(0);
        Ok(Self {
            tokenizer,
            env,
            eos_token,
            eos_id,
            pad_id,
            bos_token: token_text(cfg.get("bos_token")),
        })
    }

    /// Token ids of `text` (special-token text inside it is recognised; nothing is added).
    pub fn encode(&self, text: &str) -> Result<Vec<u32>> {
        let enc = self
            .tokenizer
            .encode(text, false)
            .map_err(|e| AgentError::Tokenizer(e.to_string()))?;
        Ok(enc.get_ids().to_vec())
    }

    /// Text of `ids`, special tokens included.
    pub fn decode(&self, ids: &[u32]) -> Result<String> {
        self.tokenizer
            .decode(ids, false)
            .map_err(|e| AgentError::Tokenizer(e.to_string()))
    }

    /// The id of a token's exact text.
    pub fn token_id(&self, token: &str) -> Option<u32> {
        self.tokenizer.token_to_id(token)
    }

    /// Vocabulary size including added tokens.
    pub fn vocab_size(&self) -> usize {
        self.tokenizer.get_vocab_size(true)
    }

    /// Renders the chat template. `messages` is a JSON list of `{role, content, ...}`;
    /// `extra` adds template variables (e.g. `enable_thinking`).
    pub fn render(
        &self,
        messages: &[Value],
        tools: Option<&Value>,
        add_generation_prompt: bool,
        extra: &Map<String, Value>,
    ) -> Result<String> {
        let env = self
            .env
            .as_ref()
            .ok_or_else(|| AgentError::Template("the tokenizer has no chat_template".into()))?;
        let tmpl = env
            .get_template("chat")
            .map_err(|e| AgentError::Template(e.to_string()))?;
        let mut ctx = extra.clone();
        ctx.insert("messages".into(), Value::Array(messages.to_vec()));
        ctx.insert("tools".into(), tools.cloned().unwrap_or(Value::Null));
        ctx.insert(
            "add_generation_prompt".into(),
            Value::Bool(add_generation_prompt),
        );
        ctx.insert(
            "bos_token".into(),
            Value::String(self.bos_token.clone().unwrap_or_default()),
        );
        ctx.insert(
            "eos_token".into(),
            Value::String(self.eos_token.clone().unwrap_or_default()),
        );
        tmpl.render(JValue::from_serialize(&ctx))
            .map_err(|e| AgentError::Template(format!("{e:#}")))
    }
}

/// A conversation kept as token ids: earlier turns are never re-tokenized. `mask` marks the
/// tokens the model generated (the ones a trainer scores).
#[derive(Debug, Clone)]
pub struct Conversation {
    messages: Vec<Value>,
    tools: Option<Value>,
    extra: Map<String, Value>,
    tokens: Vec<u32>,
    mask: Vec<bool>,
}

impl Conversation {
    /// Starts a conversation from `messages` and ends it with the generation prompt.
    pub fn start(
        tok: &ChatTokenizer,
        messages: Vec<Value>,
        tools: Option<Value>,
        extra: Map<String, Value>,
    ) -> Result<Self> {
        let text = tok.render(&messages, tools.as_ref(), true, &extra)?;
        let tokens = tok.encode(&text)?;
        let mask = vec![false; tokens.len()];
        Ok(Self {
            messages,
            tools,
            extra,
            tokens,
            mask,
        })
    }

    /// All token ids so far.
    pub fn tokens(&self) -> &[u32] {
        &self.tokens
    }

    /// Per token: whether the model generated it.
    pub fn mask(&self) -> &[bool] {
        &self.mask
    }

    /// The messages so far (assistant contents decoded from their tokens).
    pub fn messages(&self) -> &[Value] {
        &self.messages
    }

    /// Appends the model's tokens for the assistant turn as they are; an end-of-turn token is
    /// added (not marked as generated) when the model stopped without one.
    pub fn push_generated(&mut self, tok: &ChatTokenizer, ids: &[u32]) -> Result<()> {
        let content_ids = match (ids.last(), tok.eos_id) {
            (Some(&last), Some(eos)) if last == eos => &ids[..ids.len() - 1],
            _ => ids,
        };
        let content = tok.decode(content_ids)?;
        self.tokens.extend_from_slice(ids);
        self.mask.extend(std::iter::repeat_n(true, ids.len()));
        if content_ids.len() == ids.len()
            && let Some(eos) = tok.eos_id
        {
            self.tokens.push(eos);
            self.mask.push(false);
        }
        self.messages
            .push(json!({"role": "assistant", "content": content}));
        Ok(())
    }

    /// Appends new messages (user or tool turns, after [`Self::push_generated`]) and the next
    /// generation prompt; only the new text is tokenized.
    pub fn push_messages(&mut self, tok: &ChatTokenizer, new: Vec<Value>) -> Result<()> {
        let before = tok.render(&self.messages, self.tools.as_ref(), false, &self.extra)?;
        let mut all = self.messages.clone();
        all.extend(new.iter().cloned());
        let after = tok.render(&all, self.tools.as_ref(), true, &self.extra)?;
        // The conversation's tokens end with the last turn's end-of-turn token, which is where
        // `before` has its last one; whatever the template writes after it (a newline, the new
        // turns, the generation prompt) is new. Some templates also render the last assistant
        // turn differently once a later turn exists (thinking blocks), so `before` need not be
        // a prefix of `after`: cut after the same number of end-of-turn tokens instead.
        let suffix = match tok.eos_token.as_deref() {
            Some(eos) if before.contains(eos) => {
                let n = before.matches(eos).count();
                let cut = after
                    .match_indices(eos)
                    .nth(n - 1)
                    .map(|(pos, _)| pos + eos.len())
                    .ok_or_else(|| {
                        AgentError::Template("the new rendering lost earlier turns".into())
                    })?;
                after[cut..].to_string()
            }
            _ => after
                .strip_prefix(&before)
                .ok_or_else(|| {
                    AgentError::Template(
                        "earlier turns render differently once new turns are added".into(),
                    )
                })?
                .to_string(),
        };
        let ids = tok.encode(&suffix)?;
        self.mask.extend(std::iter::repeat_n(false, ids.len()));
        self.tokens.extend(ids);
        self.messages.extend(new);
        Ok(())
    }
}
