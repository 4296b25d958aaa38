//! `appsim plot`: training curves from a metrics file, drawn without any plotting library.
//!
//! The input is JSONL, one object per training iteration (`{"iteration": 3, "reward_mean": 0.41,
//! ...}`). [`parse_metrics`] turns it into one [`Series`] per numeric key (nested objects are
//! flattened to `outer.inner`); [`select_keys`] picks the panels (by default every numeric key
//! but `iteration`, in first-seen order, at most [`MAX_DEFAULT_KEYS`]); [`render`] draws a grid
//! of panels ([`PANEL_W`] x [`PANEL_H`], [`COLUMNS`] per row) into an RGB [`Canvas`] with a small
//! rasterizer (anti-aliased segments, rectangles, discs) and a 5x7 bitmap font defined here;
//! [`Canvas::encode_png`] writes it with the `png` crate. [`plot`] does all of it for a file.
//!
//! The x axis is `iteration` where a line has a numeric one, else the record's index. Keys that
//! appear on only some lines (e.g. a periodic dev evaluation) are drawn at those iterations with
//! point markers. Lines that are not JSON objects (e.g. a half-written last line of a running
//! training) are skipped and counted; non-numeric values are skipped.

use anyhow::{Result, anyhow, bail};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Width of one panel, in pixels.
pub const PANEL_W: u32 = 360;
/// Height of one panel, in pixels.
pub const PANEL_H: u32 = 220;
/// Panels per row of the grid (fewer when there are fewer panels).
pub const COLUMNS: u32 = 3;
/// How many keys are plotted when none are asked for.
pub const MAX_DEFAULT_KEYS: usize = 9;

/// The key that gives the x axis.
const X_KEY: &str = "iteration";

/// Plots `metrics` (a JSONL file) into the PNG `out`: one panel per key of `keys`, or per numeric
/// key of the file (at most [`MAX_DEFAULT_KEYS`]) when `keys` is empty. Entries of `keys` may
/// themselves hold comma-separated lists. Errors are one line, naming the file and, for an
/// unknown key, the keys that exist.
pub fn plot(metrics: &Path, out: &Path, keys: &[String]) -> Result<PlotSummary> {
    let bytes =
        std::fs::read(metrics).map_err(|e| anyhow!("cannot read {}: {e}", metrics.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let in_file = |e: anyhow::Error| anyhow!("{}: {e:#}", metrics.display());
    let parsed = parse_metrics(&text).map_err(in_file)?;
    let selection = select_keys(&parsed, keys).map_err(in_file)?;
    let canvas = render(&parsed, &selection.keys);
    let png = canvas.encode_png()?;
    std::fs::write(out, png).map_err(|e| anyhow!("cannot write {}: {e}", out.display()))?;
    Ok(PlotSummary {
        out: out.to_path_buf(),
        records: parsed.records(),
        skipped_lines: parsed.skipped_lines,
        keys: selection.keys,
        omitted: selection.omitted,
        width: canvas.width(),
        height: canvas.height(),
    })
}

/// The default output path for a metrics file: the same path with the extension `png`
/// (`run/metrics.jsonl` -> `run/metrics.png`).
pub fn default_out(metrics: &Path) -> PathBuf {
    metrics.with_extension("png")
}

/// What [`plot`] did; its `Display` is a one-line report for the user.
#[derive(Debug, Clone, PartialEq)]
pub struct PlotSummary {
    /// The PNG written.
    pub out: PathBuf,
    /// Metric records (JSON object lines) read.
    pub records: usize,
    /// Non-blank lines that were not JSON objects, skipped.
    pub skipped_lines: usize,
    /// The keys plotted, one panel each, in order.
    pub keys: Vec<String>,
    /// Numeric keys left out because of the default cap ([`MAX_DEFAULT_KEYS`]).
    pub omitted: Vec<String>,
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
}

impl fmt::Display for PlotSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "wrote {} ({}x{}): {} panel{} from {} record{}",
            self.out.display(),
            self.width,
            self.height,
            self.keys.len(),
            plural(self.keys.len()),
            self.records,
            plural(self.records)
        )?;
        if self.skipped_lines > 0 {
            write!(
                f,
                "; {} unreadable line{} skipped",
                self.skipped_lines,
                plural(self.skipped_lines)
            )?;
        }
        if !self.omitted.is_empty() {
            write!(f, "; not plotted (use --keys): {}", self.omitted.join(", "))?;
        }
        Ok(())
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

// ---------------------------------------------------------------------------------------------
// Parsing

/// One metric over the run: `(x, value)` for each record where the key held a number.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The key (nested keys joined with `.`).
    pub key: String,
    /// `(x, value)` pairs in file order; every value is finite.
    pub points: Vec<(f64, f64)>,
}

/// A metrics file, split into series.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Metrics {
    /// The x value of each record, in file order.
    pub x: Vec<f64>,
    /// Whether any record had a numeric `iteration` (else x is the record index).
    pub has_iteration: bool,
    /// One series per numeric key other than `iteration`, in first-seen order.
    pub series: Vec<Series>,
    /// Keys that occurred but never with a numeric value, in first-seen order.
    pub non_numeric: Vec<String>,
    /// Non-blank lines that were not JSON objects.
    pub skipped_lines: usize,
}

impl Metrics {
    /// Number of records (JSON object lines).
    pub fn records(&self) -> usize {
        self.x.len()
    }

    /// The series of `key`, if it ever held a number.
    pub fn series(&self, key: &str) -> Option<&Series> {
        self.series.iter().find(|s| s.key == key)
    }

    /// Whether `key` is missing from some records (it is then drawn with point markers).
    pub fn is_sparse(&self, key: &str) -> bool {
        self.series(key)
            .is_some_and(|s| s.points.len() < self.records())
    }

    /// The numeric keys (without `iteration`), in first-seen order.
    pub fn keys(&self) -> Vec<&str> {
        self.series.iter().map(|s| s.key.as_str()).collect()
    }

    /// The x-axis label: `iteration`, or `record` when the file has no iteration numbers.
    pub fn x_label(&self) -> &'static str {
        if self.has_iteration { X_KEY } else { "record" }
    }
}

/// Parses JSONL metrics. Blank lines are ignored; lines that are not JSON objects are counted in
/// [`Metrics::skipped_lines`]. Fails when no line is a JSON object.
pub fn parse_metrics(text: &str) -> Result<Metrics> {
    let mut m = Metrics::default();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut non_numeric: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Ok(Value::Object(obj)) = serde_json::from_str::<Value>(line) else {
            m.skipped_lines += 1;
            continue;
        };
        let x = match obj.get(X_KEY).and_then(number) {
            Some(it) => {
                m.has_iteration = true;
                it
            }
            None => m.x.len() as f64,
        };
        m.x.push(x);
        let mut fields = Vec::new();
        for (k, v) in &obj {
            if k != X_KEY {
                flatten(k.clone(), v, &mut fields);
            }
        }
        for (key, value) in fields {
            match value {
                Some(v) => {
                    let i = *index.entry(key.clone()).or_insert_with(|| {
                        m.series.push(Series {
                            key,
                            points: Vec::new(),
                        });
                        m.series.len() - 1
                    });
                    m.series[i].points.push((x, v));
                }
                None => {
                    if !non_numeric.contains(&key) {
                        non_numeric.push(key);
                    }
                }
            }
        }
    }
    if m.x.is_empty() {
        if m.skipped_lines > 0 {
            bail!(
                "no metrics: none of its {} non-blank line{} is a JSON object",
                m.skipped_lines,
                plural(m.skipped_lines)
            );
        }
        bail!("no metrics: the file is empty (expected one JSON object per line)");
    }
    m.non_numeric = non_numeric
        .into_iter()
        .filter(|k| !index.contains_key(k))
        .collect();
    Ok(m)
}

/// A finite number, or `None`.
fn number(v: &Value) -> Option<f64> {
    v.as_f64().filter(|f| f.is_finite())
}

/// Leaf fields of `v` under `key`: nested objects become `key.inner`; a non-number leaf gives
/// `None` (arrays are not descended into).
fn flatten(key: String, v: &Value, out: &mut Vec<(String, Option<f64>)>) {
    match v {
        Value::Object(obj) => {
            for (k, inner) in obj {
                flatten(format!("{key}.{k}"), inner, out);
            }
        }
        _ => out.push((key, number(v))),
    }
}

/// The keys to plot and the numeric keys the default cap left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection {
    /// Keys to plot, one panel each, in order.
    pub keys: Vec<String>,
    /// Numeric keys not plotted because of [`MAX_DEFAULT_KEYS`] (empty when keys were asked for).
    pub omitted: Vec<String>,
}

/// Chooses the panels: the `requested` keys (entries may hold comma-separated lists; blanks and
/// repeats are dropped), or, when none are requested, the first [`MAX_DEFAULT_KEYS`] numeric
/// keys. Fails, naming the numeric keys present, for a key with no numeric value or a file
/// without numeric keys.
pub fn select_keys(metrics: &Metrics, requested: &[String]) -> Result<Selection> {
    let present = || {
        if metrics.series.is_empty() {
            "none".to_string()
        } else {
            metrics.keys().join(", ")
        }
    };
    let mut keys: Vec<String> = Vec::new();
    for key in requested.iter().flat_map(|k| k.split(',')).map(str::trim) {
        if !key.is_empty() && !keys.iter().any(|k| k == key) {
            keys.push(key.to_string());
        }
    }
    if keys.is_empty() {
        if metrics.series.is_empty() {
            bail!(
                "no numeric metrics besides `{X_KEY}` in {} records",
                metrics.records()
            );
        }
        let all = metrics.keys();
        let cut = all.len().min(MAX_DEFAULT_KEYS);
        return Ok(Selection {
            keys: all[..cut].iter().map(|k| k.to_string()).collect(),
            omitted: all[cut..].iter().map(|k| k.to_string()).collect(),
        });
    }
    for key in &keys {
        if metrics.series(key).is_some() {
            continue;
        }
        if key == X_KEY {
            bail!(
                "`{X_KEY}` is the x axis, not a panel; numeric keys: {}",
                present()
            );
        }
        if metrics.non_numeric.contains(key) {
            bail!(
                "metric `{key}` has no numeric values; numeric keys: {}",
                present()
            );
        }
        bail!("unknown metric `{key}`; numeric keys: {}", present());
    }
    Ok(Selection {
        keys,
        omitted: Vec::new(),
    })
}

// ---------------------------------------------------------------------------------------------
// Layout and drawing

/// An RGB colour.
pub type Rgb = [u8; 3];

const BACKGROUND: Rgb = [255, 255, 255];
const SEPARATOR: Rgb = [222, 222, 222];
const FRAME: Rgb = [150, 150, 150];
const GRID: Rgb = [234, 234, 234];
const ZERO: Rgb = [190, 190, 190];
const TEXT: Rgb = [35, 35, 35];
const MUTED: Rgb = [120, 120, 120];
/// Series colours, one per panel in turn.
const PALETTE: [Rgb; 9] = [
    [31, 99, 180],
    [222, 110, 20],
    [40, 150, 65],
    [200, 45, 50],
    [125, 80, 175],
    [140, 90, 60],
    [20, 140, 145],
    [190, 60, 140],
    [115, 120, 30],
];

// Panel geometry, relative to the panel's top-left corner.
const PLOT_LEFT: i64 = 70;
const PLOT_RIGHT: i64 = PANEL_W as i64 - 14;
const PLOT_TOP: i64 = 36;
const PLOT_BOTTOM: i64 = PANEL_H as i64 - 30;
/// Gap between the frame and the data.
const INSET: f64 = 7.0;

/// Draws one panel per key of `keys` (keys without a series give an empty, labelled panel) on a
/// grid of [`COLUMNS`] columns. All panels share the x range of the whole file.
pub fn render(metrics: &Metrics, keys: &[String]) -> Canvas {
    let n = keys.len().max(1) as u32;
    let cols = n.min(COLUMNS);
    let rows = n.div_ceil(COLUMNS);
    let mut canvas = Canvas::new(cols * PANEL_W, rows * PANEL_H, BACKGROUND);
    let x_range = Range::of(metrics.x.iter().copied());
    for (i, key) in keys.iter().enumerate() {
        let ox = (i as u32 % COLUMNS * PANEL_W) as i64;
        let oy = (i as u32 / COLUMNS * PANEL_H) as i64;
        let colour = PALETTE[i % PALETTE.len()];
        draw_panel(&mut canvas, metrics, key, x_range, (ox, oy), colour);
    }
    canvas
}

/// Min and max of some values (`None` when there are none).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Range {
    lo: f64,
    hi: f64,
}

impl Range {
    fn of(values: impl Iterator<Item = f64>) -> Option<Range> {
        values.filter(|v| v.is_finite()).fold(None, |r, v| {
            Some(match r {
                None => Range { lo: v, hi: v },
                Some(r) => Range {
                    lo: r.lo.min(v),
                    hi: r.hi.max(v),
                },
            })
        })
    }

    /// Position of `v` in `[0, 1]` (0.5 for a range of one value).
    fn frac(&self, v: f64) -> f64 {
        let span = self.hi - self.lo;
        if span > 0.0 && span.is_finite() {
            ((v - self.lo) / span).clamp(0.0, 1.0)
        } else if span > 0.0 {
            // Overflowing span (values near f64::MAX): scale both ends down first.
            ((v / 2.0 - self.lo / 2.0) / (self.hi / 2.0 - self.lo / 2.0)).clamp(0.0, 1.0)
        } else {
            0.5
        }
    }
}

fn draw_panel(
    c: &mut Canvas,
    m: &Metrics,
    key: &str,
    x_range: Option<Range>,
    (ox, oy): (i64, i64),
    colour: Rgb,
) {
    let (pw, ph) = (PANEL_W as i64, PANEL_H as i64);
    // Separators on the right and bottom edges, so neighbouring panels share one line.
    c.fill_rect(ox + pw - 1, oy + 4, 1, ph - 8, SEPARATOR);
    c.fill_rect(ox + 4, oy + ph - 1, pw - 8, 1, SEPARATOR);

    let series = m.series(key);
    let points: &[(f64, f64)] = series.map_or(&[], |s| &s.points);
    let sparse = m.is_sparse(key);

    // Title row: the key on the left, the last value on the right.
    let right = ox + PLOT_RIGHT;
    let last = points.last().map(|&(_, v)| format!("last {}", fmt_num(v)));
    let note = match (&last, sparse) {
        (Some(l), true) => format!("{l} ({}/{})", points.len(), m.records()),
        (Some(l), false) => l.clone(),
        (None, _) => "no data".to_string(),
    };
    let note_w = text_width(&note, 1);
    c.text(right - note_w, oy + 14, &note, 1, MUTED);
    let title_room = right - note_w - 12 - (ox + 10);
    let (title, scale) = if text_width(key, 2) <= title_room {
        (key.to_string(), 2)
    } else {
        (fit_text(key, title_room, 1), 1)
    };
    let title_y = if scale == 2 { oy + 8 } else { oy + 14 };
    c.text(ox + 10, title_y, &title, scale, TEXT);

    // Frame and the data area inside it.
    let (fl, fr, ft, fb) = (
        ox + PLOT_LEFT,
        ox + PLOT_RIGHT,
        oy + PLOT_TOP,
        oy + PLOT_BOTTOM,
    );
    let (il, ir) = (fl as f64 + INSET, fr as f64 - INSET);
    let (it, ib) = (ft as f64 + INSET, fb as f64 - INSET);
    let y_range = Range::of(points.iter().map(|&(_, v)| v));
    let px = |x: f64| x_range.map_or((il + ir) / 2.0, |r| il + r.frac(x) * (ir - il));
    let py = |v: f64| y_range.map_or((it + ib) / 2.0, |r| ib - r.frac(v) * (ib - it));

    // y: grid lines and labels at the data's min and max, a dashed line at zero.
    if let Some(r) = y_range {
        let ends: &[f64] = if r.hi > r.lo { &[r.lo, r.hi] } else { &[r.lo] };
        for &v in ends {
            let y = py(v).round() as i64;
            c.fill_rect(fl + 1, y, fr - fl - 1, 1, GRID);
            c.fill_rect(fl - 3, y, 3, 1, FRAME);
            let label = fmt_num(v);
            c.text(fl - 6 - text_width(&label, 1), y - 3, &label, 1, TEXT);
        }
        if r.lo < 0.0 && r.hi > 0.0 {
            let y = py(0.0).round() as i64;
            let mut x = fl + 2;
            while x < fr - 1 {
                c.fill_rect(x, y, 4.min(fr - 1 - x), 1, ZERO);
                x += 7;
            }
        }
    }
    // x: labels at the file's first and last x, the axis name between them.
    if let Some(r) = x_range {
        let ends: &[f64] = if r.hi > r.lo { &[r.lo, r.hi] } else { &[r.lo] };
        for &x in ends {
            let xp = px(x).round() as i64;
            c.fill_rect(xp, fb + 1, 1, 3, FRAME);
            let label = fmt_num(x);
            let w = text_width(&label, 1);
            let left = (xp - w / 2).clamp(ox + 4, ox + pw - 4 - w);
            c.text(left, fb + 6, &label, 1, TEXT);
        }
    }
    let xl = m.x_label();
    c.text((fl + fr - text_width(xl, 1)) / 2, fb + 6, xl, 1, MUTED);
    c.rect_outline(fl, ft, fr - fl + 1, fb - ft + 1, FRAME);

    // The data.
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        c.segment((px(a.0), py(a.1)), (px(b.0), py(b.1)), 1.6, colour);
    }
    if sparse || points.len() == 1 {
        for &(x, v) in points {
            c.disc((px(x), py(v)), 2.8, colour);
        }
    }
    if points.is_empty() {
        let msg = "no numeric values";
        c.text(
            (fl + fr - text_width(msg, 1)) / 2,
            (ft + fb) / 2 - 3,
            msg,
            1,
            MUTED,
        );
    }
}

/// Formats a number for a label: integers in full (below 1e15), otherwise four significant
/// digits, in scientific notation below 1e-3 or from 1e6 on (`0.4123`, `900.1`, `1.5e-4`).
pub fn fmt_num(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v}");
    }
    let a = v.abs();
    if v.fract() == 0.0 && a < 1e15 {
        return format!("{}", v as i64);
    }
    if !(1e-3..1e6).contains(&a) {
        let s = format!("{v:.3e}");
        return match s.split_once('e') {
            Some((mant, exp)) if mant.contains('.') => {
                format!("{}e{exp}", mant.trim_end_matches('0').trim_end_matches('.'))
            }
            _ => s,
        };
    }
    let decimals = (3 - a.log10().floor() as i64).clamp(0, 9) as usize;
    let s = format!("{v:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" { "0".to_string() } else { s }
}

/// An RGB image being drawn; coordinates outside it are ignored.
#[derive(Debug, Clone, PartialEq)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    /// A `width` x `height` canvas filled with `background`.
    pub fn new(width: u32, height: u32, background: Rgb) -> Canvas {
        let n = width as usize * height as usize;
        let mut pixels = Vec::with_capacity(n * 3);
        for _ in 0..n {
            pixels.extend_from_slice(&background);
        }
        Canvas {
            width,
            height,
            pixels,
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The colour at `(x, y)`, if inside.
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        let i = self.index(x as i64, y as i64)?;
        Some([self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]])
    }

    /// Row-major RGB bytes.
    pub fn rgb(&self) -> &[u8] {
        &self.pixels
    }

    fn index(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return None;
        }
        Some((y as usize * self.width as usize + x as usize) * 3)
    }

    /// Mixes `colour` into `(x, y)` with opacity `alpha` in `[0, 1]`.
    fn blend(&mut self, x: i64, y: i64, colour: Rgb, alpha: f64) {
        let Some(i) = self.index(x, y) else { return };
        let a = alpha.clamp(0.0, 1.0);
        for (k, &c) in colour.iter().enumerate() {
            let old = self.pixels[i + k] as f64;
            self.pixels[i + k] = (old + (c as f64 - old) * a).round() as u8;
        }
    }

    /// Fills the rectangle with top-left `(x, y)`, `w` wide and `h` high.
    pub fn fill_rect(&mut self, x: i64, y: i64, w: i64, h: i64, colour: Rgb) {
        let (x0, x1) = (x.max(0), (x + w).min(self.width as i64));
        let (y0, y1) = (y.max(0), (y + h).min(self.height as i64));
        for yy in y0..y1 {
            for xx in x0..x1 {
                self.blend(xx, yy, colour, 1.0);
            }
        }
    }

    /// Draws the one-pixel outline of a `w` x `h` rectangle at `(x, y)`.
    pub fn rect_outline(&mut self, x: i64, y: i64, w: i64, h: i64, colour: Rgb) {
        self.fill_rect(x, y, w, 1, colour);
        self.fill_rect(x, y + h - 1, w, 1, colour);
        self.fill_rect(x, y, 1, h, colour);
        self.fill_rect(x + w - 1, y, 1, h, colour);
    }

    /// Draws an anti-aliased segment `width` pixels thick between two points (pixel centres
    /// at `.0`): each pixel is covered by how far its centre is from the segment.
    pub fn segment(&mut self, a: (f64, f64), b: (f64, f64), width: f64, colour: Rgb) {
        if ![a.0, a.1, b.0, b.1, width].iter().all(|v| v.is_finite()) {
            return;
        }
        let half = width / 2.0;
        let reach = half + 1.0;
        let (x0, x1) = (a.0.min(b.0) - reach, a.0.max(b.0) + reach);
        let (y0, y1) = (a.1.min(b.1) - reach, a.1.max(b.1) + reach);
        let x0 = x0.floor().max(-1.0) as i64;
        let x1 = x1.ceil().min(self.width as f64) as i64;
        let y0 = y0.floor().max(-1.0) as i64;
        let y1 = y1.ceil().min(self.height as f64) as i64;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (fx, fy) = (x as f64, y as f64);
                let t = if len2 > 0.0 {
                    (((fx - a.0) * dx + (fy - a.1) * dy) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let (cx, cy) = (a.0 + t * dx - fx, a.1 + t * dy - fy);
                let d = (cx * cx + cy * cy).sqrt();
                let cover = half + 0.5 - d;
                if cover > 0.0 {
                    self.blend(x, y, colour, cover);
                }
            }
        }
    }

    /// Draws an anti-aliased filled disc of radius `r` centred on `centre`.
    pub fn disc(&mut self, centre: (f64, f64), r: f64, colour: Rgb) {
        self.segment(centre, centre, 2.0 * r, colour);
    }

    /// Writes `s` with its top-left corner at `(x, y)` in the built-in font, each font pixel
    /// `scale` x `scale`; characters the font lacks show as a hollow box.
    pub fn text(&mut self, x: i64, y: i64, s: &str, scale: i64, colour: Rgb) {
        let scale = scale.max(1);
        for (n, ch) in s.chars().enumerate() {
            let gx = x + n as i64 * ADVANCE * scale;
            for (row, bits) in glyph(ch).iter().enumerate() {
                for col in 0..GLYPH_W {
                    if bits & (1 << (GLYPH_W - 1 - col)) != 0 {
                        let px = gx + col as i64 * scale;
                        let py = y + row as i64 * scale;
                        self.fill_rect(px, py, scale, scale, colour);
                    }
                }
            }
        }
    }

    /// Encodes the canvas as an 8-bit RGB PNG.
    pub fn encode_png(&self) -> Result<Vec<u8>> {
        let mut buf = Vec::new();
        let mut encoder = png::Encoder::new(&mut buf, self.width, self.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder
            .write_header()
            .map_err(|e| anyhow!("PNG encoding failed: {e}"))?;
        writer
            .write_image_data(&self.pixels)
            .map_err(|e| anyhow!("PNG encoding failed: {e}"))?;
        writer
            .finish()
            .map_err(|e| anyhow!("PNG encoding failed: {e}"))?;
        Ok(buf)
    }
}

/// Width in pixels of `s` drawn at `scale`.
pub fn text_width(s: &str, scale: i64) -> i64 {
    let n = s.chars().count() as i64;
    if n == 0 {
        0
    } else {
        (n * ADVANCE - 1) * scale.max(1)
    }
}

/// `s`, cut and ended with `..` if it is wider than `room` pixels at `scale`.
fn fit_text(s: &str, room: i64, scale: i64) -> String {
    if text_width(s, scale) <= room {
        return s.to_string();
    }
    let mut out: String = s.chars().collect();
    while !out.is_empty() && text_width(&format!("{out}.."), scale) > room {
        out.pop();
    }
    format!("{out}..")
}

// ---------------------------------------------------------------------------------------------
// The font: 5 pixels wide, 7 high above the baseline, 2 rows below it for descenders.

const GLYPH_W: usize = 5;
const GLYPH_ROWS: usize = 9;
/// Horizontal advance per character at scale 1 (glyph and a one-pixel gap).
const ADVANCE: i64 = GLYPH_W as i64 + 1;
type Glyph = [u8; GLYPH_ROWS];

/// Shown for characters the font lacks.
static MISSING: Glyph = [
    0b11111, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11111, 0, 0,
];

/// One glyph per line: the character, a space, then 7 to 9 rows of 5 pixels (`#` on, `.` off)
/// separated by spaces; rows 8 and 9 hang below the baseline. Parsed at compile time.
const FONT_SRC: &str = r"
  ..... ..... ..... ..... ..... ..... .....
0 .###. #...# #..## #.#.# ##..# #...# .###.
1 ..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.
2 .###. #...# ....# ...#. ..#.. .#... #####
3 .###. #...# ....# ..##. ....# #...# .###.
4 ...#. ..##. .#.#. #..#. ##### ...#. ...#.
5 ##### #.... ####. ....# ....# #...# .###.
6 ..##. .#... #.... ####. #...# #...# .###.
7 ##### ....# ...#. ..#.. .#... .#... .#...
8 .###. #...# #...# .###. #...# #...# .###.
9 .###. #...# #...# .#### ....# ...#. .##..
A .###. #...# #...# ##### #...# #...# #...#
B ####. #...# #...# ####. #...# #...# ####.
C .###. #...# #.... #.... #.... #...# .###.
D ####. #...# #...# #...# #...# #...# ####.
E ##### #.... #.... ####. #.... #.... #####
F ##### #.... #.... ####. #.... #.... #....
G .###. #...# #.... #.### #...# #...# .####
H #...# #...# #...# ##### #...# #...# #...#
I .###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.
J ..### ...#. ...#. ...#. ...#. #..#. .##..
K #...# #..#. #.#.. ##... #.#.. #..#. #...#
L #.... #.... #.... #.... #.... #.... #####
M #...# ##.## #.#.# #.#.# #...# #...# #...#
N #...# #...# ##..# #.#.# #..## #...# #...#
O .###. #...# #...# #...# #...# #...# .###.
P ####. #...# #...# ####. #.... #.... #....
Q .###. #...# #...# #...# #.#.# #..#. .##.#
R ####. #...# #...# ####. #.#.. #..#. #...#
S .###. #...# #.... .###. ....# #...# .###.
T ##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..
U #...# #...# #...# #...# #...# #...# .###.
V #...# #...# #...# #...# #...# .#.#. ..#..
W #...# #...# #...# #.#.# #.#.# #.#.# .#.#.
X #...# #...# .#.#. ..#.. .#.#. #...# #...#
Y #...# #...# .#.#. ..#.. ..#.. ..#.. ..#..
Z ##### ....# ...#. ..#.. .#... #.... #####
a ..... ..... .###. ....# .#### #...# .####
b #.... #.... ####. #...# #...# #...# ####.
c ..... ..... .###. #.... #.... #...# .###.
d ....# ....# .#### #...# #...# #...# .####
e ..... ..... .###. #...# ##### #.... .###.
f ..##. .#..# .#... ###.. .#... .#... .#...
g ..... ..... .#### #...# #...# #...# .#### ....# .###.
h #.... #.... ####. #...# #...# #...# #...#
i ..#.. ..... .##.. ..#.. ..#.. ..#.. .###.
j ...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##..
k #.... #.... #..#. #.#.. ##... #.#.. #..#.
l .##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.
m ..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#
n ..... ..... ####. #...# #...# #...# #...#
o ..... ..... .###. #...# #...# #...# .###.
p ..... ..... ####. #...# #...# #...# ####. #.... #....
q ..... ..... .#### #...# #...# #...# .#### ....# ....#
r ..... ..... #.##. ##..# #.... #.... #....
s ..... ..... .#### #.... .###. ....# ####.
t .#... .#... ####. .#... .#... .#..# ..##.
u ..... ..... #...# #...# #...# #..## .##.#
v ..... ..... #...# #...# #...# .#.#. ..#..
w ..... ..... #...# #...# #.#.# #.#.# .#.#.
x ..... ..... #...# .#.#. ..#.. .#.#. #...#
y ..... ..... #...# #...# #...# #...# .#### ....# .###.
z ..... ..... ##### ...#. ..#.. .#... #####
_ ..... ..... ..... ..... ..... ..... ..... #####
. ..... ..... ..... ..... ..... .##.. .##..
, ..... ..... ..... ..... ..... .##.. .##.. ..#.. .#...
- ..... ..... ..... .###. ..... ..... .....
+ ..... ..#.. ..#.. ##### ..#.. ..#.. .....
% ##... ##..# ...#. ..#.. .#... #..## ...##
: ..... .##.. .##.. ..... .##.. .##.. .....
= ..... ..... ##### ..... ##### ..... .....
/ ....# ....# ...#. ..#.. .#... #.... #....
( ...#. ..#.. .#... .#... .#... ..#.. ...#.
) .#... ..#.. ...#. ...#. ...#. ..#.. .#...
[ .###. .#... .#... .#... .#... .#... .###.
] .###. ...#. ...#. ...#. ...#. ...#. .###.
< ...#. ..#.. .#... #.... .#... ..#.. ...#.
> .#... ..#.. ...#. ....# ...#. ..#.. .#...
? .###. #...# ....# ...#. ..#.. ..... ..#..
! ..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..
* ..... ..#.. #.#.# .###. #.#.# ..#.. .....
# .#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.
' ..#.. ..#.. .#... ..... ..... ..... .....
";

/// Printable ASCII (32..127): glyph bitmaps (bit 4 = leftmost column) and which are defined.
struct Font {
    glyphs: [Glyph; 95],
    defined: [bool; 95],
}

static FONT: Font = parse_font(FONT_SRC.as_bytes());

/// Parses [`FONT_SRC`]; a malformed table is a compile-time error.
const fn parse_font(src: &[u8]) -> Font {
    let mut font = Font {
        glyphs: [[0; GLYPH_ROWS]; 95],
        defined: [false; 95],
    };
    let mut i = 0;
    while i < src.len() {
        if src[i] == b'\n' {
            i += 1;
            continue;
        }
        let ch = src[i];
        assert!(
            ch >= 32 && ch < 127,
            "font: character outside printable ASCII"
        );
        assert!(
            src[i + 1] == b' ',
            "font: expected a space after the character"
        );
        let slot = (ch - 32) as usize;
        assert!(!font.defined[slot], "font: character defined twice");
        i += 2;
        let mut row = 0;
        loop {
            assert!(row < GLYPH_ROWS, "font: too many rows");
            let mut bits = 0u8;
            let mut col = 0;
            while col < GLYPH_W {
                match src[i] {
                    b'#' => bits |= 1 << (GLYPH_W - 1 - col),
                    b'.' => {}
                    _ => panic!("font: pixel must be '#' or '.'"),
                }
                i += 1;
                col += 1;
            }
            font.glyphs[slot][row] = bits;
            row += 1;
            if i >= src.len() || src[i] == b'\n' {
                break;
            }
            assert!(src[i] == b' ', "font: rows are separated by one space");
            i += 1;
        }
        assert!(row >= 7, "font: a glyph has at least 7 rows");
        font.defined[slot] = true;
    }
    font
}

/// The bitmap of `ch`, or [`MISSING`].
fn glyph(ch: char) -> &'static Glyph {
    let code = ch as u32;
    if (32..127).contains(&code) {
        let slot = (code - 32) as usize;
        if FONT.defined[slot] {
            return &FONT.glyphs[slot];
        }
    }
    &MISSING
}

/// The curves worth a first look in a training run's metrics (those present in the file, in
/// this order); empty when the file is not a training run's, so [`plot`] picks its defaults.
pub fn training_keys(metrics: &Path) -> Vec<String> {
    const WANTED: [&str; 10] = [
        "reward_mean",
        "success",
        "dev_tgc",
        "dev_success",
        "loss",
        "clip_fraction",
        "kl",
        "grad_norm",
        "tokens_per_s",
        "env_share",
    ];
    let Ok(text) = std::fs::read_to_string(metrics) else {
        return Vec::new();
    };
    let Ok(m) = parse_metrics(&text) else {
        return Vec::new();
    };
    let have = m.keys();
    if !have.contains(&"reward_mean") {
        return Vec::new();
    }
    WANTED
        .iter()
        .filter(|k| have.contains(k))
        .map(|k| k.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"{"iteration": 0, "reward_mean": 0.1, "success": 0.0, "loss": 0.5, "note": "warmup"}

{"iteration": 1, "reward_mean": 0.2, "success": 0.25, "loss": 0.4, "dev_tgc": 40.0, "timing": {"env": 1.5}}
not json at all
{"iteration": 2, "reward_mean": 0.35, "success": "n/a", "loss": 0.3}
{"iteration": 3, "reward_mean": 0.5, "success": 0.5, "loss": 0.2, "dev_tgc": 55.5}
{"iteration": 4, "reward_mean": 0.45, "success": 0.75, "loss": -0.1, "note": null}
{"iteration": 5, "reward_m"#;

    fn keys(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn decode(png_bytes: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().expect("png header");
        let mut buf = vec![0; reader.output_buffer_size().expect("buffer size")];
        let info = reader.next_frame(&mut buf).expect("png frame");
        buf.truncate(info.buffer_size());
        (info, buf)
    }

    /// Non-background pixels of the decoded RGB image in a rectangle.
    fn ink(rgb: &[u8], width: u32, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> usize {
        let mut n = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                let i = ((y * width + x) * 3) as usize;
                if rgb[i..i + 3] != BACKGROUND {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn parses_series_in_first_seen_order() {
        let m = parse_metrics(SAMPLE).unwrap();
        assert_eq!(m.records(), 5);
        assert_eq!(
            m.skipped_lines, 2,
            "garbage line and half-written last line"
        );
        assert!(m.has_iteration);
        assert_eq!(m.x, vec![0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(
            m.keys(),
            vec!["reward_mean", "success", "loss", "dev_tgc", "timing.env"]
        );
        assert_eq!(m.non_numeric, vec!["note"]);
        let reward = m.series("reward_mean").unwrap();
        assert_eq!(
            reward.points,
            vec![(0.0, 0.1), (1.0, 0.2), (2.0, 0.35), (3.0, 0.5), (4.0, 0.45)]
        );
        // A string value is skipped, not the record.
        let success = &m.series("success").unwrap().points;
        assert_eq!(
            success,
            &vec![(0.0, 0.0), (1.0, 0.25), (3.0, 0.5), (4.0, 0.75)]
        );
        assert_eq!(
            m.series("dev_tgc").unwrap().points,
            vec![(1.0, 40.0), (3.0, 55.5)]
        );
        assert!(m.is_sparse("dev_tgc"));
        assert!(m.is_sparse("success"));
        assert!(!m.is_sparse("reward_mean"));
        assert!(!m.is_sparse("nope"));
        assert_eq!(m.series("timing.env").unwrap().points, vec![(1.0, 1.5)]);
    }

    #[test]
    fn record_index_is_x_without_iteration() {
        let m =
            parse_metrics("{\"a\": 1}\n{\"a\": 3, \"iteration\": \"x\"}\n{\"a\": 2}\n").unwrap();
        assert!(!m.has_iteration);
        assert_eq!(m.x_label(), "record");
        assert_eq!(
            m.series("a").unwrap().points,
            vec![(0.0, 1.0), (1.0, 3.0), (2.0, 2.0)]
        );
    }

    #[test]
    fn default_keys_are_capped() {
        let line: Vec<String> = (0..12).map(|i| format!("\"k{i}\": {i}")).collect();
        let text = format!("{{\"iteration\": 1, {}}}", line.join(", "));
        let m = parse_metrics(&text).unwrap();
        let s = select_keys(&m, &[]).unwrap();
        assert_eq!(s.keys.len(), MAX_DEFAULT_KEYS);
        assert_eq!(s.keys[0], "k0");
        assert_eq!(s.omitted, keys(&["k9", "k10", "k11"]));
    }

    #[test]
    fn requested_keys_split_trimmed_deduplicated() {
        let m = parse_metrics(SAMPLE).unwrap();
        let s = select_keys(&m, &keys(&["loss, dev_tgc", "", "loss"])).unwrap();
        assert_eq!(s.keys, keys(&["loss", "dev_tgc"]));
        assert!(s.omitted.is_empty());
    }

    #[test]
    fn errors_are_one_line_and_name_the_keys() {
        let m = parse_metrics(SAMPLE).unwrap();
        let present = "numeric keys: reward_mean, success, loss, dev_tgc, timing.env";
        let e = select_keys(&m, &keys(&["reward", "loss"]))
            .unwrap_err()
            .to_string();
        assert_eq!(e, format!("unknown metric `reward`; {present}"));
        let e = select_keys(&m, &keys(&["note"])).unwrap_err().to_string();
        assert_eq!(e, format!("metric `note` has no numeric values; {present}"));
        let e = select_keys(&m, &keys(&["iteration"]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("x axis") && e.contains(present), "{e}");

        let e = parse_metrics("").unwrap_err().to_string();
        assert!(e.contains("empty"), "{e}");
        let e = parse_metrics("\n  \n").unwrap_err().to_string();
        assert!(e.contains("empty"), "{e}");
        let e = parse_metrics("[1]\noops\n").unwrap_err().to_string();
        assert!(e.contains("none of its 2 non-blank lines"), "{e}");

        let only_x = parse_metrics("{\"iteration\": 1, \"tag\": \"a\"}").unwrap();
        let e = select_keys(&only_x, &[]).unwrap_err().to_string();
        assert!(e.contains("no numeric metrics"), "{e}");
        let e = select_keys(&only_x, &keys(&["x"])).unwrap_err().to_string();
        assert!(e.ends_with("numeric keys: none"), "{e}");
    }

    #[test]
    fn png_has_the_grid_and_ink_in_each_panel() {
        let m = parse_metrics(SAMPLE).unwrap();
        let ks = keys(&["reward_mean", "success", "loss", "dev_tgc"]);
        let png_bytes = render(&m, &ks).encode_png().unwrap();
        let (info, rgb) = decode(&png_bytes);
        assert_eq!((info.width, info.height), (3 * PANEL_W, 2 * PANEL_H));
        assert_eq!(info.color_type, png::ColorType::Rgb);
        let (pl, pr) = (PLOT_LEFT as u32 + 1, PLOT_RIGHT as u32);
        let (pt, pb) = (PLOT_TOP as u32 + 1, PLOT_BOTTOM as u32);
        for i in 0..6u32 {
            let (ox, oy) = (i % 3 * PANEL_W, i / 3 * PANEL_H);
            let inside = ink(&rgb, info.width, (ox + pl, oy + pt, ox + pr, oy + pb));
            let title = ink(&rgb, info.width, (ox + 8, oy + 6, ox + 180, oy + 30));
            if i < 4 {
                assert!(inside > 150, "panel {i}: {inside} data pixels");
                assert!(title > 40, "panel {i}: {title} title pixels");
            } else {
                assert_eq!(inside + title, 0, "empty slot {i} has ink");
            }
        }
        // Sparse series get markers: the disc at dev_tgc's first point (panel 3: second row, first
        // column) is solid colour.
        let c = render(&m, &ks);
        let (il, ir) = (PLOT_LEFT as f64 + INSET, PLOT_RIGHT as f64 - INSET);
        let x = (il + (ir - il) * 0.25).round() as u32;
        let y = (PLOT_BOTTOM as f64 - INSET).round() as u32;
        assert_eq!(c.pixel(x, PANEL_H + y), Some(PALETTE[3]));
    }

    #[test]
    fn narrow_grid_for_few_keys() {
        let m = parse_metrics(SAMPLE).unwrap();
        let c = render(&m, &keys(&["loss"]));
        assert_eq!((c.width(), c.height()), (PANEL_W, PANEL_H));
        let c = render(&m, &keys(&["loss", "success"]));
        assert_eq!((c.width(), c.height()), (2 * PANEL_W, PANEL_H));
    }

    #[test]
    fn odd_data_renders_without_panicking() {
        let texts = [
            "{\"iteration\": 7, \"a\": 1.0}",
            "{\"iteration\": 1, \"a\": 2}\n{\"iteration\": 1, \"a\": 2}",
            "{\"a\": 1e308}\n{\"a\": -1e308}\n{\"a\": 5e-324}",
            "{\"iteration\": -1e300, \"a\": 0}\n{\"iteration\": 1e300, \"a\": 1}",
            "{\"iteration\": 3, \"a\": 1}\n{\"iteration\": 1, \"a\": 2}\n{\"iteration\": 2, \"a\": 0}",
        ];
        for text in texts {
            let m = parse_metrics(text).unwrap();
            let c = render(&m, &keys(&["a", "missing_key_renders_empty_panel"]));
            c.encode_png().unwrap();
        }
        render(&Metrics::default(), &[]).encode_png().unwrap();
        let long = "a_very_long_metric_name_that_cannot_fit_in_one_panel_title_at_all_ok";
        let m = parse_metrics(&format!("{{\"{long}\": 1, \"é✓\": 2}}")).unwrap();
        render(
            &m,
            &m.keys().iter().map(|k| k.to_string()).collect::<Vec<_>>(),
        );
    }

    #[test]
    fn numbers_are_short() {
        let cases = [
            (0.0, "0"),
            (-0.0, "0"),
            (3.0, "3"),
            (-12.0, "-12"),
            (123456789.0, "123456789"),
            (0.41, "0.41"),
            (0.4123456, "0.4123"),
            (900.1, "900.1"),
            (-0.01, "-0.01"),
            (0.00012, "1.2e-4"),
            (2.5e-7, "2.5e-7"),
            (1234567.5, "1.235e6"),
            (1e20, "1e20"),
            (-0.00049999, "-5e-4"),
            (999999.99, "1000000"),
        ];
        for (v, want) in cases {
            assert_eq!(fmt_num(v), want, "{v}");
        }
    }

    #[test]
    fn font_covers_labels() {
        let needed = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.-+e%: ()/=,";
        for ch in needed.chars() {
            let g = glyph(ch);
            assert!(!std::ptr::eq(g, &MISSING), "no glyph for {ch:?}");
            assert!(ch == ' ' || g.iter().any(|&r| r != 0), "blank glyph {ch:?}");
            assert!(g.iter().all(|&r| r < 32));
        }
        assert!(std::ptr::eq(glyph('é'), &MISSING));
        assert!(std::ptr::eq(glyph('~'), &MISSING));
        assert_eq!(text_width("", 2), 0);
        assert_eq!(text_width("ab", 1), 11);
        assert_eq!(text_width("ab", 2), 22);
        assert_eq!(fit_text("abcdef", 29, 1), "abc..");
        assert_eq!(fit_text("abcdef", 28, 1), "ab..");
        assert_eq!(fit_text("abc", 30, 1), "abc");
    }

    #[test]
    fn plot_writes_the_file_and_reports() {
        let dir = std::env::temp_dir().join(format!("appsim-plot-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let metrics = dir.join("metrics.jsonl");
        std::fs::write(&metrics, SAMPLE).unwrap();
        let out = default_out(&metrics);
        assert_eq!(out, dir.join("metrics.png"));
        let summary = plot(&metrics, &out, &[]).unwrap();
        assert_eq!(summary.keys.len(), 5);
        assert_eq!((summary.width, summary.height), (1080, 440));
        let (info, _) = decode(&std::fs::read(&out).unwrap());
        assert_eq!((info.width, info.height), (1080, 440));
        let report = summary.to_string();
        assert!(
            report.contains("5 panels from 5 records; 2 unreadable lines skipped"),
            "{report}"
        );

        let e = plot(&metrics, &out, &keys(&["nope"])).unwrap_err();
        assert_eq!(
            e.chain().count(),
            1,
            "no cause chain: one line however printed"
        );
        assert_eq!(
            e.to_string(),
            format!(
                "{}: unknown metric `nope`; numeric keys: reward_mean, success, loss, dev_tgc, timing.env",
                metrics.display()
            )
        );
        let empty = dir.join("empty.jsonl");
        std::fs::write(&empty, "").unwrap();
        let e = plot(&empty, &out, &[]).unwrap_err();
        assert_eq!(e.chain().count(), 1);
        let e = e.to_string();
        assert!(
            e.contains("empty.jsonl: no metrics: the file is empty"),
            "{e}"
        );
        let e = plot(&dir.join("absent.jsonl"), &out, &[])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("cannot read"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
