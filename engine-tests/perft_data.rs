//! Reading the perft suites: one position per line, then `;D<depth> <count>` fields.

pub struct SuiteLine {
    pub position: String,
    pub counts: Vec<(u32, u64)>,
}

pub fn parse_suite(text: &str) -> Vec<SuiteLine> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';');
            let position = parts.next().unwrap_or_default().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.trim().trim_start_matches('D').split_whitespace();
                    let d = it.next().and_then(|d| d.parse().ok()).expect("depth");
                    let n = it.next().and_then(|n| n.parse().ok()).expect("count");
                    (d, n)
                })
                .collect();
            SuiteLine { position, counts }
        })
        .collect()
}
