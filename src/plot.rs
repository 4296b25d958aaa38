//! `appsim plot`: training curves from a metrics file, drawn with `plotters`.
//!
//! The input is JSONL, one object per training iteration (`{"iteration": 3, "reward_mean": 0.41,
//! ...}`). [`parse_metrics`] turns it into one [`Series`] per numeric key (nested objects are
//! flattened to `outer.inner`); [`select_keys`] picks the panels (by default every numeric key
//! but `iteration`, in first-seen order, at most [`MAX_DEFAULT_KEYS`]); [`render`] draws a grid
//! of panels ([`PANEL_W`] x [`PANEL_H`], [`COLUMNS`] per row), each a plotters chart with axes,
//! a title and a legend, into an RGB [`Image`] (text in DejaVu Sans, embedded by the `dejavu`
//! crate, so no system font is needed); [`Image::encode_png`] writes it with the `png` crate.
//! [`plot`] does all of it for a file.
//!
//! The x axis is `iteration` where a line has a numeric one, else the record's index (a
//! training run's start point, dev evaluated before any update, is iteration -1). Keys that
//! appear on only some lines (e.g. a periodic dev evaluation) are drawn at those iterations with
//! point markers. Lines that are not JSON objects (e.g. a half-written last line of a running
//! training) are skipped and counted; non-numeric values are skipped.

use anyhow::{Result, anyhow, bail};
use plotters::prelude::*;
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
    let canvas = render(&parsed, &selection.keys).map_err(in_file)?;
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
/// repeats are dropped; `a+b` is one panel with both series, to compare them), or, when none
/// are requested, the first [`MAX_DEFAULT_KEYS`] numeric
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
    for key in keys.iter().flat_map(|k| k.split('+')) {
        if metrics.series(key).is_some() {
            continue;
        }
        if key == X_KEY {
            bail!(
                "`{X_KEY}` is the x axis, not a panel; numeric keys: {}",
                present()
            );
        }
        if metrics.non_numeric.iter().any(|k| k == key) {
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
// Layout and drawing (plotters over an RGB buffer, DejaVu Sans for text)

/// An RGB colour.
pub type Rgb = [u8; 3];

const BACKGROUND: Rgb = [255, 255, 255];
const SEPARATOR: Rgb = [222, 222, 222];
const FRAME: Rgb = [150, 150, 150];
const GRID: Rgb = [234, 234, 234];
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
/// Font family name the embedded DejaVu Sans is registered under.
const FONT: &str = "sans-serif";
/// Most characters of a panel title; longer keys are cut with `..`.
const TITLE_CHARS: usize = 40;

fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c[0], c[1], c[2])
}

/// Registers the embedded font with plotters once per process.
fn register_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // The bytes are a valid TrueType font shipped by the `dejavu` crate.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
    });
}

/// Draws one panel per key of `keys` (keys without a series give an empty, labelled panel) on a
/// grid of [`COLUMNS`] columns. All panels share the x range of the whole file. Each panel has
/// its axes (tick labels, the x axis named), the key as title, and a legend with the series'
/// last value; sparse series get a marker at each point.
pub fn render(metrics: &Metrics, keys: &[String]) -> Result<Image> {
    register_font();
    let n = keys.len().max(1) as u32;
    let cols = n.min(COLUMNS);
    let rows = n.div_ceil(COLUMNS);
    let (width, height) = (cols * PANEL_W, rows * PANEL_H);
    let mut pixels = vec![255u8; width as usize * height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, (width, height)).into_drawing_area();
        root.fill(&rgb(BACKGROUND)).map_err(draw_err)?;
        let x_range = padded(Range::of(metrics.x.iter().copied()));
        for (i, key) in keys.iter().enumerate() {
            let ox = (i as u32 % COLUMNS * PANEL_W) as i32;
            let oy = (i as u32 / COLUMNS * PANEL_H) as i32;
            let area = root.clone().shrink((ox, oy), (PANEL_W, PANEL_H));
            let colour = rgb(PALETTE[i % PALETTE.len()]);
            draw_panel(&area, metrics, key, x_range.clone(), colour)?;
        }
        root.present().map_err(draw_err)?;
    }
    Ok(Image {
        width,
        height,
        pixels,
    })
}

fn draw_err(e: impl fmt::Display) -> anyhow::Error {
    anyhow!("drawing the plot: {e}")
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
}

/// An axis range around the data: 5 % of the span on each side, one unit (or a tenth of the
/// value) around a single value, `0..1` for none. Ends are kept within a quarter of `f64::MAX`
/// so the span stays finite (values beyond are clipped).
fn padded(r: Option<Range>) -> std::ops::Range<f64> {
    const LIMIT: f64 = f64::MAX / 4.0;
    match r.map(|r| Range {
        lo: r.lo.clamp(-LIMIT, LIMIT),
        hi: r.hi.clamp(-LIMIT, LIMIT),
    }) {
        None => 0.0..1.0,
        Some(r) if r.hi > r.lo => {
            let pad = (r.hi - r.lo) * 0.05;
            (r.lo - pad)..(r.hi + pad)
        }
        Some(r) => {
            let pad = if r.lo == 0.0 { 1.0 } else { r.lo.abs() * 0.1 };
            (r.lo - pad)..(r.hi + pad)
        }
    }
}

/// The y-axis range of a panel's points.
fn y_range_of(points: &[(f64, f64)]) -> std::ops::Range<f64> {
    padded(Range::of(points.iter().map(|&(_, v)| v)))
}

/// `s` cut to at most `max` characters, ending in `..` when cut.
fn fit_text(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max.saturating_sub(2)).collect();
    t.push_str("..");
    t
}

/// One series of a panel: its key, points and colour.
type PanelLine<'a> = (&'a str, Vec<(f64, f64)>, RGBColor);

fn draw_panel(
    area: &DrawingArea<BitMapBackend<'_>, plotters::coord::Shift>,
    m: &Metrics,
    key: &str,
    x_range: std::ops::Range<f64>,
    colour: RGBColor,
) -> Result<()> {
    let (pw, ph) = (PANEL_W as i32, PANEL_H as i32);
    // Separators on the right and bottom edges, so neighbouring panels share one line.
    let sep = rgb(SEPARATOR).filled();
    area.draw(&Rectangle::new([(pw - 1, 4), (pw - 1, ph - 5)], sep))
        .map_err(draw_err)?;
    area.draw(&Rectangle::new([(4, ph - 1), (pw - 5, ph - 1)], sep))
        .map_err(draw_err)?;
    // `a+b`: one series per part, each in its own colour and named in the legend.
    let parts: Vec<&str> = key.split('+').collect();
    let lines: Vec<PanelLine> = parts
        .iter()
        .enumerate()
        .map(|(j, part)| {
            let points = m.series(part).map_or_else(Vec::new, |s| s.points.clone());
            let c = if parts.len() == 1 {
                colour
            } else {
                rgb(PALETTE[j % PALETTE.len()])
            };
            (*part, points, c)
        })
        .collect();
    let points: Vec<(f64, f64)> = lines.iter().flat_map(|l| l.1.iter().copied()).collect();
    let y_range = y_range_of(&points);
    let mut chart = ChartBuilder::on(area)
        .caption(
            fit_text(key, TITLE_CHARS),
            (FONT, 15).into_font().color(&rgb(TEXT)),
        )
        .margin_top(6)
        .margin_left(8)
        .margin_right(14)
        .margin_bottom(4)
        .x_label_area_size(30)
        .y_label_area_size(52)
        .build_cartesian_2d(x_range, y_range.clone())
        .map_err(draw_err)?;
    let label_font = (FONT, 11).into_font().color(&rgb(TEXT));
    chart
        .configure_mesh()
        .x_labels(5)
        .y_labels(5)
        .x_label_formatter(&|v| fmt_num(*v))
        .y_label_formatter(&|v| fmt_num(*v))
        .x_desc(m.x_label())
        .label_style(label_font.clone())
        .axis_desc_style((FONT, 11).into_font().color(&rgb(MUTED)))
        .axis_style(rgb(FRAME))
        .bold_line_style(rgb(GRID))
        .light_line_style(rgb(BACKGROUND))
        .draw()
        .map_err(draw_err)?;
    if points.is_empty() {
        let mid = area.dim_in_pixel();
        area.draw(&Text::new(
            "no numeric values",
            (mid.0 as i32 / 2 - 45, mid.1 as i32 / 2),
            (FONT, 12).into_font().color(&rgb(MUTED)),
        ))
        .map_err(draw_err)?;
        return Ok(());
    }
    for (part, points, colour) in &lines {
        let colour = *colour;
        let last = points.last().map(|&(_, v)| fmt_num(v)).unwrap_or_default();
        let sparse = m.is_sparse(part);
        let mut legend = if sparse {
            format!("last {last} ({}/{})", points.len(), m.records())
        } else {
            format!("last {last}")
        };
        if lines.len() > 1 {
            legend = format!("{}: {legend}", fit_text(part, 16));
        }
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                colour.stroke_width(2),
            ))
            .map_err(draw_err)?
            .label(legend)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
            });
        if sparse || points.len() == 1 {
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                .map_err(draw_err)?;
        }
    }
    // The legend goes in the right-hand corner away from where the (first) curve ends.
    let (y_lo, y_hi) = (y_range.start, y_range.end);
    let last_y = lines[0].1.last().map_or(0.0, |p| p.1);
    let corner = if (last_y - y_lo) > (y_hi - last_y) {
        SeriesLabelPosition::LowerRight
    } else {
        SeriesLabelPosition::UpperRight
    };
    chart
        .configure_series_labels()
        .position(corner)
        .label_font(label_font)
        .background_style(rgb(BACKGROUND).mix(0.85))
        .border_style(rgb(SEPARATOR))
        .draw()
        .map_err(draw_err)?;
    Ok(())
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

/// A rendered RGB image.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Image {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The colour at `(x, y)`, or `None` outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        (x < self.width && y < self.height).then(|| {
            let i = (y as usize * self.width as usize + x as usize) * 3;
            [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
        })
    }

    /// The pixels, row by row, three bytes each.
    pub fn rgb(&self) -> &[u8] {
        &self.pixels
    }

    /// The image as PNG bytes.
    pub fn encode_png(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, self.width, self.height);
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            let png_err = |e: png::EncodingError| anyhow!("PNG encoding failed: {e}");
            let mut w = enc.write_header().map_err(png_err)?;
            w.write_image_data(&self.pixels).map_err(png_err)?;
            w.finish().map_err(png_err)?;
        }
        Ok(out)
    }
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

    /// Pixels of exactly `colour` in a rectangle.
    fn count(img: &Image, colour: Rgb, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> usize {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| img.pixel(x, y) == Some(colour))
            .count()
    }

    #[test]
    fn png_has_the_grid_and_ink_in_each_panel() {
        let m = parse_metrics(SAMPLE).unwrap();
        let ks = keys(&["reward_mean", "success", "loss", "dev_tgc"]);
        let img = render(&m, &ks).unwrap();
        let png_bytes = img.encode_png().unwrap();
        let (info, rgb) = decode(&png_bytes);
        assert_eq!((info.width, info.height), (3 * PANEL_W, 2 * PANEL_H));
        assert_eq!(info.color_type, png::ColorType::Rgb);
        assert_eq!(rgb, img.rgb());
        for i in 0..6u32 {
            let (ox, oy) = (i % 3 * PANEL_W, i / 3 * PANEL_H);
            let panel = (ox, oy, ox + PANEL_W - 2, oy + PANEL_H - 2);
            let all = ink(&rgb, info.width, panel);
            let title = ink(&rgb, info.width, (ox + 8, oy, ox + PANEL_W - 8, oy + 26));
            let series = count(&img, PALETTE[i as usize], panel);
            if i < 4 {
                assert!(series > 60, "panel {i}: {series} pixels of its colour");
                assert!(title > 40, "panel {i}: {title} title pixels");
                assert!(all > series + 400, "panel {i}: axes and labels ({all} ink)");
            } else {
                assert_eq!(all, 0, "empty slot {i} has ink");
            }
        }
        // Dark text (titles, tick labels) is drawn, not just lines.
        let dark = img
            .rgb()
            .chunks(3)
            .filter(|p| p.iter().all(|&c| c < 100))
            .count();
        assert!(dark > 300, "{dark} dark pixels");
    }

    #[test]
    fn sparse_series_get_markers() {
        // dev_tgc has two points over five records: two discs, no line between them would
        // give far fewer pixels of its colour.
        let m = parse_metrics(SAMPLE).unwrap();
        let img = render(&m, &keys(&["dev_tgc"])).unwrap();
        let dense = parse_metrics("{\"iteration\": 1, \"d\": 40}\n{\"iteration\": 3, \"d\": 55.5}")
            .unwrap();
        let line_only = render(&dense, &keys(&["d"])).unwrap();
        let whole = (0, 0, PANEL_W, PANEL_H);
        assert!(count(&img, PALETTE[0], whole) > count(&line_only, PALETTE[0], whole));
    }

    #[test]
    fn a_plus_key_draws_its_series_in_one_panel() {
        let m = parse_metrics(SAMPLE).unwrap();
        let sel = select_keys(&m, &keys(&["reward_mean+success", "loss"])).unwrap();
        assert_eq!(sel.keys, ["reward_mean+success", "loss"]);
        let img = render(&m, &sel.keys).unwrap();
        assert_eq!((img.width(), img.height()), (2 * PANEL_W, PANEL_H));
        let first = (0, 0, PANEL_W - 2, PANEL_H - 2);
        for colour in [PALETTE[0], PALETTE[1]] {
            let n = count(&img, colour, first);
            assert!(n > 60, "{n} pixels of {colour:?} in the shared panel");
        }
        let err = select_keys(&m, &keys(&["reward_mean+nope"])).unwrap_err();
        assert!(err.to_string().contains("unknown metric `nope`"), "{err}");
    }

    #[test]
    fn narrow_grid_for_few_keys() {
        let m = parse_metrics(SAMPLE).unwrap();
        let c = render(&m, &keys(&["loss"])).unwrap();
        assert_eq!((c.width(), c.height()), (PANEL_W, PANEL_H));
        let c = render(&m, &keys(&["loss", "success"])).unwrap();
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
            "{\"iteration\": -1, \"a\": 0.5}\n{\"iteration\": 0, \"b\": 1}",
        ];
        for text in texts {
            let m = parse_metrics(text).unwrap();
            let c = render(&m, &keys(&["a", "missing_key_renders_empty_panel"])).unwrap();
            c.encode_png().unwrap();
        }
        render(&Metrics::default(), &[])
            .unwrap()
            .encode_png()
            .unwrap();
        let long = "a_very_long_metric_name_that_cannot_fit_in_one_panel_title_at_all_ok";
        let m = parse_metrics(&format!("{{\"{long}\": 1, \"é✓\": 2}}")).unwrap();
        render(
            &m,
            &m.keys().iter().map(|k| k.to_string()).collect::<Vec<_>>(),
        )
        .unwrap();
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
    fn long_titles_are_cut() {
        assert_eq!(fit_text("abcdef", 5), "abc..");
        assert_eq!(fit_text("abc", 5), "abc");
        assert_eq!(fit_text("ééééééé", 4), "éé..");
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
