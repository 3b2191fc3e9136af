//! The layout file's TOML schema and its reading into a [`Layout`]: numbers are read wide so
//! that our own messages, not the TOML reader's, report values out of range.

use crate::games::sceptre::field::board::{shipped_boards, Rotation};
use crate::games::sceptre::field::layout::{
    Layout, LayoutError, Placement, DEFAULT_LAYOUT, SHIPPED_LAYOUTS,
};
use crate::games::sceptre::field::seats::Compass;
use crate::games::sceptre::field::validate;
use serde::Deserialize;

/// Reading a layout: from its TOML text, by a shipped layout's name or from a file.
impl Layout {
    /// Reads and validates a layout's TOML text.
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        parse(text)
    }

    /// A built-in layout by name (`None` if there is none of that name).
    pub fn shipped(name: &str) -> Option<Result<Layout, LayoutError>> {
        let shipped = SHIPPED_LAYOUTS.iter().find(|l| l.name == name)?;
        Some(Layout::parse(shipped.text))
    }

    /// The default layout, `nine`.
    pub fn default_layout() -> Result<Layout, LayoutError> {
        Layout::load(DEFAULT_LAYOUT)
    }

    /// A shipped layout's name, else the path of a layout file.
    pub fn load(name_or_path: &str) -> Result<Layout, LayoutError> {
        if let Some(layout) = Layout::shipped(name_or_path) {
            return layout;
        }
        match std::fs::read_to_string(name_or_path) {
            Ok(text) => Layout::parse(&text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err(LayoutError::NotFound(name_or_path.to_string()))
            }
            Err(e) => Err(LayoutError::Io {
                path: name_or_path.to_string(),
                message: e.to_string(),
            }),
        }
    }
}

/// Reads and validates a layout's TOML text.
fn parse(text: &str) -> Result<Layout, LayoutError> {
    let file: LayoutFile =
        toml::from_str(text).map_err(|e| LayoutError::Toml(one_line(&e, text)))?;
    let players = read_players(&file.players)?;
    let placements = read_placements(&file.boards)?;
    let grid = validate::place(&placements)?;
    let kingdoms = read_kingdoms(&file.kingdoms, &players, &placements)?;
    Ok(Layout {
        name: file.name,
        description: file.description,
        players,
        placements,
        kingdoms,
        grid,
    })
}

/// The TOML reader's message on one line, with where it is (its own text quotes the source
/// over several lines, and a protocol error is one line).
fn one_line(e: &toml::de::Error, text: &str) -> String {
    let message = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
    match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutFile {
    name: String,
    #[serde(default)]
    description: String,
    players: Vec<i64>,
    boards: Vec<PlacementFile>,
    kingdoms: KingdomsFile,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacementFile {
    board: i64,
    #[serde(default)]
    rotation: i64,
    origin: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SeatsFile {
    south: Option<i64>,
    west: Option<i64>,
    north: Option<i64>,
    east: Option<i64>,
}

impl SeatsFile {
    fn get(&self, seat: Compass) -> Option<i64> {
        match seat {
            Compass::South => self.south,
            Compass::West => self.west,
            Compass::North => self.north,
            Compass::East => self.east,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KingdomsFile {
    south: Option<i64>,
    west: Option<i64>,
    north: Option<i64>,
    east: Option<i64>,
    #[serde(rename = "2")]
    two: Option<SeatsFile>,
    #[serde(rename = "3")]
    three: Option<SeatsFile>,
    #[serde(rename = "4")]
    four: Option<SeatsFile>,
}

impl KingdomsFile {
    fn seats(&self) -> SeatsFile {
        SeatsFile {
            south: self.south,
            west: self.west,
            north: self.north,
            east: self.east,
        }
    }

    fn for_players(&self, players: usize) -> Option<&SeatsFile> {
        match players {
            2 => self.two.as_ref(),
            3 => self.three.as_ref(),
            4 => self.four.as_ref(),
            _ => None,
        }
    }
}

fn read_players(counts: &[i64]) -> Result<Vec<usize>, LayoutError> {
    if counts.is_empty() {
        return Err(LayoutError::Players(
            "the list is empty; give the player counts the layout supports, e.g. [2, 3, 4]".into(),
        ));
    }
    let mut players = Vec::new();
    for &n in counts {
        if !(2..=4).contains(&n) {
            return Err(LayoutError::Players(format!(
                "{n} is not a player count (2, 3 or 4)"
            )));
        }
        if players.contains(&(n as usize)) {
            return Err(LayoutError::Players(format!("{n} is listed twice")));
        }
        players.push(n as usize);
    }
    players.sort_unstable();
    Ok(players)
}

fn read_placements(entries: &[PlacementFile]) -> Result<Vec<Placement>, LayoutError> {
    if entries.is_empty() {
        return Err(LayoutError::NoBoards);
    }
    let boards = shipped_boards().map_err(LayoutError::Boards)?;
    let mut placements: Vec<Placement> = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let board = boards
            .iter()
            .find(|b| b.id() as i64 == entry.board)
            .ok_or(LayoutError::UnknownBoard {
                entry: i + 1,
                board: entry.board,
            })?
            .id();
        if placements.iter().any(|p| p.board == board) {
            return Err(LayoutError::DuplicateBoard(board));
        }
        let rotation = u32::try_from(entry.rotation)
            .ok()
            .and_then(Rotation::from_degrees)
            .ok_or(LayoutError::Rotation {
                board,
                degrees: entry.rotation,
            })?;
        let origin = entry.origin.parse().map_err(|_| LayoutError::Origin {
            board,
            text: entry.origin.clone(),
        })?;
        placements.push(Placement {
            board,
            rotation,
            origin,
        });
    }
    Ok(placements)
}

/// Each supported count's seats get a board of the layout, a different one each.
fn read_kingdoms(
    file: &KingdomsFile,
    players: &[usize],
    placements: &[Placement],
) -> Result<[[Option<usize>; 4]; 3], LayoutError> {
    let base = file.seats();
    let mut kingdoms = [[None; 4]; 3];
    for &n in players {
        let seats = Compass::seats(n).unwrap_or(&[]);
        let own = file.for_players(n);
        for (i, &seat) in seats.iter().enumerate() {
            let id = own
                .and_then(|s| s.get(seat))
                .or(base.get(seat))
                .ok_or(LayoutError::KingdomMissing { players: n, seat })?;
            let index = placements.iter().position(|p| p.board as i64 == id).ok_or(
                LayoutError::KingdomNotABoard {
                    players: n,
                    seat,
                    board: id,
                },
            )?;
            if let Some(&other) = seats[..i]
                .iter()
                .find(|s| kingdoms[n - 2][s.index()] == Some(index))
            {
                return Err(LayoutError::KingdomShared {
                    players: n,
                    seats: (other, seat),
                    board: placements[index].board,
                });
            }
            kingdoms[n - 2][seat.index()] = Some(index);
        }
    }
    check_unused(file, players)?;
    Ok(kingdoms)
}

/// A kingdom no supported count uses is most likely a mistake (a count left out of
/// `players`), so it is refused rather than ignored.
fn check_unused(file: &KingdomsFile, players: &[usize]) -> Result<(), LayoutError> {
    let used = |seat: Compass| {
        players
            .iter()
            .any(|&n| Compass::seats(n).is_some_and(|s| s.contains(&seat)))
    };
    let base = file.seats();
    for seat in Compass::ALL {
        if base.get(seat).is_some() && !used(seat) {
            return Err(LayoutError::KingdomUnused(format!(
                "kingdoms.{seat} is given, but no supported player count seats {seat}"
            )));
        }
    }
    for n in 2..=4 {
        let Some(own) = file.for_players(n) else {
            continue;
        };
        if !players.contains(&n) {
            return Err(LayoutError::KingdomUnused(format!(
                "kingdoms.{n} is given, but players does not list {n}"
            )));
        }
        let seats = Compass::seats(n).unwrap_or(&[]);
        if let Some(seat) = Compass::ALL
            .into_iter()
            .find(|s| own.get(*s).is_some() && !seats.contains(s))
        {
            return Err(LayoutError::KingdomUnused(format!(
                "kingdoms.{n}.{seat} is given, but {n} players do not sit {seat}"
            )));
        }
    }
    Ok(())
}
