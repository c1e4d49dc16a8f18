//! The harness: interleaved rounds, their spread, the ratio ours/baseline, the printed table and
//! the JSON file. Scenarios only produce samples; every figure is computed here, the same way.
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::future::Future;

use serde::Serialize;
use serde_json::{Value, json};

/// One run of one variant (our pipeline, or its baseline): named figures.
pub type Sample = BTreeMap<&'static str, f64>;

/// Median, min and max of one figure over the rounds.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    pub fn of(values: &[f64]) -> Option<Spread> {
        let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(|a, b| a.total_cmp(b));
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        Some(Spread {
            median,
            min: v[0],
            max: v[n - 1],
        })
    }
}

/// Which way is better for a figure; printed so a reader need not guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Better {
    Higher,
    Lower,
}

/// One line of the report.
#[derive(Debug, Clone)]
pub struct Row {
    pub name: String,
    pub unit: &'static str,
    pub better: Better,
    pub ours: Option<Spread>,
    pub baseline: Option<Spread>,
    pub baseline_name: String,
    pub rounds: usize,
    pub note: String,
}

impl Row {
    pub fn ratio(&self) -> Option<f64> {
        match (self.ours, self.baseline) {
            (Some(o), Some(b)) if b.median != 0.0 => Some(o.median / b.median),
            _ => None,
        }
    }

    pub fn to_json(&self) -> Value {
        json!({
            "name": self.name,
            "unit": self.unit,
            "ours": self.ours,
            "baseline": self.baseline,
            "ratio": self.ratio(),
            "rounds": self.rounds,
            "better": self.better,
            "baseline_name": self.baseline_name,
            "note": self.note,
        })
    }
}

/// The samples of every variant of a scenario, in the order the rounds produced them.
#[derive(Debug, Default)]
pub struct Rounds {
    samples: BTreeMap<&'static str, Vec<Sample>>,
}

impl Rounds {
    pub fn add(&mut self, variant: &'static str, sample: Sample) {
        self.samples.entry(variant).or_default().push(sample);
    }

    pub fn values(&self, variant: &str, figure: &str) -> Vec<f64> {
        self.samples
            .get(variant)
            .map(|s| s.iter().filter_map(|m| m.get(figure).copied()).collect())
            .unwrap_or_default()
    }

    pub fn spread(&self, variant: &str, figure: &str) -> Option<Spread> {
        Spread::of(&self.values(variant, figure))
    }

    /// A row comparing `ours = (variant, figure)` with `baseline = (variant, figure)`.
    pub fn row(
        &self,
        name: &str,
        unit: &'static str,
        better: Better,
        ours: (&str, &str),
        baseline: Option<(&str, &str)>,
    ) -> Row {
        Row {
            name: name.to_owned(),
            unit,
            better,
            ours: self.spread(ours.0, ours.1),
            baseline: baseline.and_then(|(v, f)| self.spread(v, f)),
            baseline_name: baseline
                .map(|(v, f)| {
                    if f == ours.1 {
                        v.to_owned()
                    } else {
                        format!("{v} {f}")
                    }
                })
                .unwrap_or_default(),
            rounds: self.values(ours.0, ours.1).len(),
            note: String::new(),
        }
    }
}

/// How a scenario's rounds are run: how many, and the most CPU the hypervisor may take from the
/// machine during one before it is measured again.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    pub rounds: usize,
    /// Percent of the machine's CPU time stolen by the hypervisor (Linux's `steal`). A round run
    /// on less machine than the others measures the neighbours, not the queue; `None` keeps every
    /// round as it came.
    pub steal_limit: Option<f64>,
}

/// Attempts beyond the first that a round over the steal limit gets; the least stolen is kept.
const STOLEN_ROUND_RETRIES: usize = 2;

/// Runs `plan.rounds` interleaved rounds: every variant once per round, in the given order (A B A
/// B…), so drift in the machine's load falls on all of them alike. Every sample gets
/// `steal_pct`, the share of the machine's CPU time the hypervisor took during it, when the
/// system says (Linux's /proc/stat). Rounds over the plan's steal limit are measured again after
/// the others (steal comes in spells of tens of seconds, which a retry at once would meet again),
/// at most twice.
pub async fn interleave<F, Fut>(
    plan: Plan,
    variants: &[&'static str],
    run: F,
) -> anyhow::Result<Rounds>
where
    F: FnMut(&'static str, usize) -> Fut,
    Fut: Future<Output = anyhow::Result<Sample>>,
{
    interleave_metered(plan, variants, run, CpuTimes::now).await
}

async fn interleave_metered<F, Fut, M>(
    plan: Plan,
    variants: &[&'static str],
    mut run: F,
    mut meter: M,
) -> anyhow::Result<Rounds>
where
    F: FnMut(&'static str, usize) -> Fut,
    Fut: Future<Output = anyhow::Result<Sample>>,
    M: FnMut() -> Option<CpuTimes>,
{
    let rounds = plan.rounds;
    let stolen = |s: &Sample| s.get("steal_pct").copied().unwrap_or(0.0);
    // The kept sample of each (round, variant), in the order they are reported.
    let mut kept: Vec<(&'static str, Option<Sample>)> = Vec::new();
    let mut todo: Vec<usize> = Vec::new();
    for _ in 0..rounds {
        for &variant in variants {
            todo.push(kept.len());
            kept.push((variant, None));
        }
    }
    let mut again = 0usize;
    for attempt in 0..=STOLEN_ROUND_RETRIES {
        let mut over_limit = Vec::new();
        for &slot in &todo {
            let (variant, round) = (kept[slot].0, slot / variants.len());
            let started = std::time::Instant::now();
            let before = meter();
            let mut sample = run(variant, round)
                .await
                .map_err(|e| e.context(format!("{variant}, round {}", round + 1)))?;
            let steal = before.zip(meter()).and_then(|(a, b)| a.steal_pct_until(&b));
            if let Some(pct) = steal {
                sample.insert("steal_pct", pct);
            }
            let over = matches!((steal, plan.steal_limit), (Some(s), Some(l)) if s > l);
            eprintln!(
                "  round {}/{rounds} {variant:<18} {} ({:.1}s){}",
                round + 1,
                brief(&sample),
                started.elapsed().as_secs_f64(),
                match (over, attempt == STOLEN_ROUND_RETRIES) {
                    (true, false) => " stolen: measured again later",
                    (true, true) => " stolen: no attempts left",
                    _ => "",
                }
            );
            if kept[slot]
                .1
                .as_ref()
                .is_none_or(|k| stolen(&sample) < stolen(k))
            {
                kept[slot].1 = Some(sample);
            }
            if over {
                over_limit.push(slot);
            }
        }
        if over_limit.is_empty() || attempt == STOLEN_ROUND_RETRIES {
            break;
        }
        again += over_limit.len();
        todo = over_limit;
    }
    if let Some(limit) = plan.steal_limit {
        eprintln!(
            "  {again} attempt(s) over the steal limit of {} % measured again",
            num(limit)
        );
    }
    let mut out = Rounds::default();
    for (variant, sample) in kept {
        if let Some(sample) = sample {
            out.add(variant, sample);
        }
    }
    Ok(out)
}

/// The machine's CPU time so far, in the kernel's ticks (/proc/stat's first line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuTimes {
    pub total: u64,
    pub steal: u64,
}

impl CpuTimes {
    pub fn now() -> Option<CpuTimes> {
        CpuTimes::parse(&std::fs::read_to_string("/proc/stat").ok()?)
    }

    /// `cpu  user nice system idle iowait irq softirq steal guest guest_nice`; guest time is
    /// already counted in user, so the total is the first eight.
    fn parse(stat: &str) -> Option<CpuTimes> {
        let line = stat.lines().find(|l| l.starts_with("cpu "))?;
        let ticks: Vec<u64> = line
            .split_whitespace()
            .skip(1)
            .take(8)
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        (ticks.len() == 8).then(|| CpuTimes {
            total: ticks.iter().sum(),
            steal: ticks[7],
        })
    }

    /// The share of the time from `self` to `later` the hypervisor took, in percent.
    fn steal_pct_until(&self, later: &CpuTimes) -> Option<f64> {
        let total = later.total.checked_sub(self.total)?;
        let steal = later.steal.checked_sub(self.steal)?;
        (total > 0).then(|| steal as f64 * 100.0 / total as f64)
    }
}

fn brief(sample: &Sample) -> String {
    sample
        .iter()
        .map(|(k, v)| format!("{k}={}", num(*v)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A figure printed with a sensible number of digits.
pub fn num(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if a >= 1000.0 {
        format!("{v:.0}")
    } else if a >= 100.0 {
        format!("{v:.1}")
    } else if a >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

fn spread_text(s: Option<Spread>) -> String {
    match s {
        Some(s) => format!("{} ({}–{})", num(s.median), num(s.min), num(s.max)),
        None => "—".into(),
    }
}

/// The table, as printed and as pasted into docs/benchmarks.md (it is Markdown).
pub fn table(rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| scenario | unit | ours: median (min–max) | baseline | baseline: median (min–max) | ratio ours/baseline | better | rounds |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    for r in rows {
        let ratio = r
            .ratio()
            .map(|x| format!("{x:.2}"))
            .unwrap_or_else(|| "—".into());
        let better = match r.better {
            Better::Higher => "higher",
            Better::Lower => "lower",
        };
        let name = if r.note.is_empty() {
            r.name.clone()
        } else {
            format!("{} ({})", r.name, r.note)
        };
        let _ = writeln!(
            out,
            "| {name} | {} | {} | {} | {} | {ratio} | {better} | {} |",
            r.unit,
            spread_text(r.ours),
            if r.baseline_name.is_empty() {
                "—"
            } else {
                &r.baseline_name
            },
            spread_text(r.baseline),
            r.rounds
        );
    }
    out
}

/// Sends requests open-loop at `rate` per second for `secs` (arrival k is due at k / rate, so a
/// slow server cannot hold arrivals back and hide its queue); `request(k)` builds the k-th and
/// `ok` judges its answer. Latency runs from each request's scheduled time to its answer; a
/// non-200, an answer `ok` refuses or a timeout (5 s) is an error. Figures: p50, p99 (ms),
/// errors, requests.
pub async fn open_loop<R, C, Fut>(rate: f64, secs: f64, request: R, ok: C) -> anyhow::Result<Sample>
where
    R: Fn(usize) -> reqwest::RequestBuilder,
    C: Fn(reqwest::Response) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = bool> + Send,
{
    use std::time::{Duration, Instant};
    let t0 = Instant::now();
    let mut sent = 0usize;
    let mut tasks = Vec::new();
    while t0.elapsed().as_secs_f64() < secs {
        let due =
            ((t0.elapsed().as_secs_f64() * rate) as usize + 1).min((rate * secs).ceil() as usize);
        while sent < due {
            let scheduled = t0 + Duration::from_secs_f64(sent as f64 / rate);
            let req = request(sent);
            let ok = ok.clone();
            tasks.push(tokio::spawn(async move {
                let good = match req.timeout(Duration::from_secs(5)).send().await {
                    Ok(r) if r.status().is_success() => ok(r).await,
                    _ => false,
                };
                (scheduled.elapsed(), good)
            }));
            sent += 1;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let mut h = hdrhistogram::Histogram::<u64>::new_with_bounds(1, 600_000_000, 3)?;
    let mut errors = 0usize;
    // `BENCH_SLOW_MS`: each request slower than this is printed with its number and when it was
    // due, to line the tail up with the server's log.
    let slow_ms: Option<f64> = std::env::var("BENCH_SLOW_MS")
        .ok()
        .and_then(|v| v.parse().ok());
    let started = chrono::Utc::now() - chrono::Duration::from_std(t0.elapsed())?;
    for (k, t) in tasks.into_iter().enumerate() {
        let (took, good) = t.await?;
        if let Some(limit) = slow_ms
            && took.as_secs_f64() * 1000.0 > limit
        {
            let due = started + chrono::Duration::milliseconds((k as f64 / rate * 1000.0) as i64);
            eprintln!(
                "   slow: request {k} due {} took {:.2} ms",
                due.format("%H:%M:%S%.3f"),
                took.as_secs_f64() * 1000.0
            );
        }
        if good {
            h.record((took.as_micros() as u64).max(1))?;
        } else {
            errors += 1;
        }
    }
    let ms = |q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    Ok(Sample::from([
        ("p50", ms(0.5)),
        ("p99", ms(0.99)),
        ("errors", errors as f64),
        ("requests", sent as f64),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_and_ratio() {
        let s = Spread::of(&[3.0, 1.0, 2.0]).unwrap();
        assert_eq!((s.median, s.min, s.max), (2.0, 1.0, 3.0));
        assert_eq!(Spread::of(&[4.0, 1.0, 2.0, 3.0]).unwrap().median, 2.5);
        assert!(Spread::of(&[]).is_none());
        let mut r = Rounds::default();
        for (a, b) in [(10.0, 5.0), (12.0, 6.0), (8.0, 4.0)] {
            r.add("a", Sample::from([("x", a)]));
            r.add("b", Sample::from([("x", b)]));
        }
        let row = r.row("t", "u", Better::Higher, ("a", "x"), Some(("b", "x")));
        assert_eq!(row.ratio(), Some(2.0));
        assert_eq!(row.rounds, 3);
        assert!(
            table(&[row]).contains(
                "| t | u | 10.00 (8.00–12.00) | b | 5.00 (4.00–6.00) | 2.00 | higher | 3 |"
            )
        );
    }

    #[tokio::test]
    async fn rounds_interleave() {
        let order = std::sync::Mutex::new(Vec::new());
        let plan = Plan {
            rounds: 3,
            steal_limit: None,
        };
        let r = interleave(plan, &["a", "b"], |v, i| {
            order.lock().unwrap().push(format!("{v}{i}"));
            async move { Ok(Sample::from([("x", i as f64)])) }
        })
        .await
        .unwrap();
        assert_eq!(*order.lock().unwrap(), ["a0", "b0", "a1", "b1", "a2", "b2"]);
        assert_eq!(r.values("b", "x"), [0.0, 1.0, 2.0]);
    }

    #[test]
    fn cpu_times_from_proc_stat() {
        let stat = "cpu  100 5 50 800 10 1 2 32 7 0\ncpu0 50 2 25 400 5 0 1 16 3 0\nintr 1\n";
        let t = CpuTimes::parse(stat).unwrap();
        assert_eq!(
            t,
            CpuTimes {
                total: 1000,
                steal: 32
            }
        );
        let later = CpuTimes {
            total: 1200,
            steal: 82,
        };
        assert_eq!(t.steal_pct_until(&later), Some(25.0));
        assert_eq!(later.steal_pct_until(&t), None);
        assert!(CpuTimes::parse("cpu  1 2 3\n").is_none());
    }

    /// A meter whose successive readings advance by 100 ticks with the given steals.
    fn stolen(steals: Vec<u64>) -> impl FnMut() -> Option<CpuTimes> {
        let mut at = CpuTimes { total: 0, steal: 0 };
        let mut next = steals.into_iter();
        let mut reading = 0usize;
        move || {
            // Readings come in pairs around each attempt; the steal is added across the attempt.
            if reading % 2 == 1 {
                at.total += 100;
                at.steal += next.next().unwrap_or(0);
            }
            reading += 1;
            Some(at)
        }
    }

    #[tokio::test]
    async fn a_stolen_round_is_measured_again_later_and_the_least_stolen_attempt_kept() {
        let plan = Plan {
            rounds: 2,
            steal_limit: Some(3.0),
        };
        let attempts = std::sync::Mutex::new(Vec::new());
        // First pass a0 1 %, b0 20 %, a1 9 %, b1 0 %; then b0 2 % and a1 30 %; then a1 7 %, kept
        // as the least stolen of its three.
        let r = interleave_metered(
            plan,
            &["a", "b"],
            |v, i| {
                let n = {
                    let mut a = attempts.lock().unwrap();
                    a.push(format!("{v}{i}"));
                    a.len() as f64
                };
                async move { Ok(Sample::from([("x", n)])) }
            },
            stolen(vec![1, 20, 9, 0, 2, 30, 7]),
        )
        .await
        .unwrap();
        assert_eq!(
            *attempts.lock().unwrap(),
            ["a0", "b0", "a1", "b1", "b0", "a1", "a1"]
        );
        assert_eq!(r.values("a", "x"), [1.0, 7.0]);
        assert_eq!(r.values("a", "steal_pct"), [1.0, 7.0]);
        assert_eq!(r.values("b", "x"), [5.0, 4.0]);
        assert_eq!(r.values("b", "steal_pct"), [2.0, 0.0]);
    }
}
