//! The hidden puzzle's drawing (残局, 暗棋): the board as the side saw it, and beside it the task,
//! what the last pick got and why, the rating, and what the side saw of each enemy piece. Also
//! the heading every puzzle shares (its number, the kind offered, the buttons). Returns
//! `LearnCmd`s.

use super::deduction::{HiddenRun, HiddenSaid, Reasons};
use super::{LearnCmd, catalogue};
use crate::app::settings::{BoardOptions, PuzzleKind, Settings};
use crate::engine::{NodeId, Rank, Rules, Seat};
use crate::i18n::{self, Lang, fill, puzzles as t};
use crate::puzzles::deduce::{ALL_RANKS, Fact, ranks_in};

/// The colour of good news.
pub(super) const GREEN: egui::Color32 = egui::Color32::from_rgb(0x10, 0x80, 0x38);
/// The colour of a wrong try.
pub(super) const WRONG: egui::Color32 = egui::Color32::from_rgb(0xb0, 0x20, 0x10);

/// The puzzle keys: N the next, R again (Esc is the lesson screen's).
pub(super) fn keys(ui: &egui::Ui, out: &mut Vec<LearnCmd>) {
    use egui::{Key, Modifiers};
    ui.ctx().input_mut(|i| {
        if i.consume_key(Modifiers::NONE, Key::N) {
            out.push(LearnCmd::PuzzleNext);
        }
        if i.consume_key(Modifiers::NONE, Key::R) {
            out.push(LearnCmd::PuzzleRetry);
        }
    });
}

/// The heading every puzzle shares: its number among the kind offered, the choice of kind, the
/// buttons.
pub(super) fn header(
    ui: &mut egui::Ui,
    place: usize,
    settings: &Settings,
    out: &mut Vec<LearnCmd>,
) {
    let lang = settings.lang;
    let kind = settings.puzzles.kind;
    let max = catalogue(kind).len().to_string();
    ui.add_space(6.0);
    ui.heading(fill(
        lang.t(&t::PUZZLES_HEADING),
        &[("n", &(place + 1).to_string()), ("max", &max)],
    ));
    ui.horizontal_wrapped(|ui| {
        ui.label(lang.t(&t::PUZZLE_KIND));
        for (k, text) in [
            (PuzzleKind::Open, &t::PUZZLE_KIND_OPEN),
            (PuzzleKind::Hidden, &t::PUZZLE_KIND_HIDDEN),
            (PuzzleKind::Mixed, &t::PUZZLE_KIND_MIXED),
        ] {
            if ui.selectable_label(kind == k, lang.t(text)).clicked() && kind != k {
                out.push(LearnCmd::PuzzleKind(k));
            }
        }
    });
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.t(&t::PUZZLE_RETRY)).clicked() {
            out.push(LearnCmd::PuzzleRetry);
        }
        if ui.button(lang.t(&t::PUZZLE_NEXT)).clicked() {
            out.push(LearnCmd::PuzzleNext);
        }
        if ui.button(lang.t(&t::PUZZLE_BACK)).clicked() {
            out.push(LearnCmd::Back);
        }
    });
    ui.separator();
}

/// The rating's change, the player's rating and streak, and where the puzzle came from.
pub(super) fn score(
    ui: &mut egui::Ui,
    change: Option<f64>,
    rating: u32,
    source: &str,
    settings: &Settings,
) {
    let lang = settings.lang;
    if let Some(change) = change {
        let change = format!("{change:+.0}");
        let colour = if change.starts_with('-') {
            WRONG
        } else {
            GREEN
        };
        line(
            ui,
            &fill(lang.t(&t::PUZZLE_RATED), &[("change", &change)]),
            colour,
        );
    }
    ui.separator();
    let score = &settings.puzzles;
    ui.label(fill(
        lang.t(&t::PUZZLE_RATING),
        &[
            ("rating", &format!("{:.0}", score.rating)),
            ("puzzle", &rating.to_string()),
        ],
    ));
    ui.label(fill(
        lang.t(&t::PUZZLE_STREAK),
        &[
            ("n", &score.streak.to_string()),
            ("best", &score.best_streak.to_string()),
        ],
    ));
    if !source.is_empty() {
        let from = t::source(lang, source);
        ui.label(
            egui::RichText::new(fill(lang.t(&t::PUZZLE_SOURCE), &[("source", &from)]))
                .small()
                .weak(),
        );
    }
}

/// One line of what the puzzle says, in `colour`.
pub(super) fn line(ui: &mut egui::Ui, text: &str, colour: egui::Color32) {
    ui.label(egui::RichText::new(text).size(15.0).color(colour));
}

/// Draw the hidden puzzle at `place`.
pub fn ui(
    ui: &mut egui::Ui,
    run: &HiddenRun,
    place: usize,
    settings: &Settings,
    out: &mut Vec<LearnCmd>,
) {
    keys(ui, out);
    let width = (ui.available_width() * 0.4).clamp(200.0, 420.0);
    egui::Panel::right("puzzle-panel")
        .resizable(false)
        .exact_size(width)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("puzzle-panel-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| panel(ui, run, place, settings, out));
        });
    let opts = BoardOptions {
        rank_numbers: true,
        ..settings.board.clone()
    };
    egui::CentralPanel::default().show(ui, |ui| {
        let shown = run.shown_view();
        let view = shown.as_ref().unwrap_or(run.view());
        let interactive = !run.finished();
        let dests: Vec<NodeId> = run
            .selected()
            .filter(|_| interactive)
            .map(|s| view.destinations_from(run.rules(), s))
            .unwrap_or_default();
        let input = super::practice::board(
            ui,
            None,
            view,
            super::practice::Place {
                selected: run.selected().or(run.picked()),
                destinations: &dests,
                player: run.player(),
                interactive,
            },
            &opts,
            settings.lang,
        );
        super::practice::clicks(&input, run.selected(), LearnCmd::PuzzleNode, out);
    });
}

/// The words beside the board.
fn panel(
    ui: &mut egui::Ui,
    run: &HiddenRun,
    place: usize,
    settings: &Settings,
    out: &mut Vec<LearnCmd>,
) {
    let lang = settings.lang;
    header(ui, place, settings, out);
    let attacks = crate::puzzles::hidden::attacks(&run.puzzle.knowledge).len();
    let task = t::hidden_task(lang, run.player(), run.question().rank(), attacks);
    ui.label(egui::RichText::new(task).size(16.0));
    ui.add_space(6.0);
    said(ui, run, lang, out);
    score(
        ui,
        run.change(),
        run.puzzle.rating,
        &run.puzzle.source,
        settings,
    );
    ui.separator();
    saw(ui, run, lang);
}

/// What the last click got, and why.
fn said(ui: &mut egui::Ui, run: &HiddenRun, lang: Lang, out: &mut Vec<LearnCmd>) {
    let Some(s) = run.said() else { return };
    let text_colour = ui.visuals().text_color();
    let board = run.view().board();
    let rules = run.rules();
    let enemy = run.player().opponent().unwrap_or(Seat::Red);
    match s {
        HiddenSaid::PickFirst => line(ui, lang.t(&i18n::learn::LESSON_PICK), text_colour),
        HiddenSaid::PickEnemy => line(ui, lang.t(&t::HIDDEN_PICK_ENEMY), text_colour),
        HiddenSaid::NotAnAttack => line(ui, lang.t(&t::HIDDEN_NOT_ATTACK), text_colour),
        HiddenSaid::Illegal(e) => line(ui, &lang.illegal(e), WRONG),
        HiddenSaid::Right(why) => {
            ui.label(
                egui::RichText::new(lang.t(&t::PUZZLE_SOLVED))
                    .size(18.0)
                    .strong()
                    .color(GREEN),
            );
            let at = board.name(why.at);
            let text = match (run.question().rank(), run.puzzle.answer) {
                (Some(r), _) => fill(
                    lang.t(&t::HIDDEN_RIGHT_RANK),
                    &[("at", at), ("rank", &t::a_rank(lang, r))],
                ),
                (None, crate::puzzles::hidden::Answer::Attack(turn)) => {
                    let attacker = match turn {
                        crate::engine::Turn::Move { from, .. } => match run.view().at(from) {
                            crate::engine::Seen::Known(p) => lang.rank(p.rank()),
                            _ => "",
                        },
                        crate::engine::Turn::Flip(_) => "",
                    };
                    fill(
                        lang.t(&t::HIDDEN_RIGHT_SAFE),
                        &[
                            ("turn", &turn.notation(board)),
                            ("at", at),
                            ("ranks", &list(lang, why.may_be)),
                            ("attacker", attacker),
                        ],
                    )
                }
                (None, _) => String::new(),
            };
            line(ui, &text, text_colour);
            reasons(ui, why, rules, enemy, board, lang);
        }
        HiddenSaid::NotForced { why, could_be, .. } => {
            let text = fill(
                lang.t(&t::HIDDEN_NOT_FORCED),
                &[
                    ("at", board.name(why.at)),
                    ("could", &t::a_rank(lang, *could_be)),
                ],
            );
            line(ui, &text, WRONG);
            deployment_button(ui, run, lang, out);
            reasons(ui, why, rules, enemy, board, lang);
        }
        HiddenSaid::Unsafe {
            attacker,
            why,
            could_be,
            outcome,
            ..
        } => {
            let outcome = match lang {
                Lang::Zh => outcome.zh(),
                Lang::En => outcome.en(),
            };
            let text = fill(
                lang.t(&t::HIDDEN_UNSAFE),
                &[
                    ("at", board.name(why.at)),
                    ("could", &t::a_rank(lang, *could_be)),
                    ("attacker", lang.rank(*attacker)),
                    ("outcome", outcome),
                ],
            );
            line(ui, &text, WRONG);
            deployment_button(ui, run, lang, out);
            reasons(ui, why, rules, enemy, board, lang);
        }
    }
}

/// The button that shows a wrong pick's deployment on the board, and the note while it does.
fn deployment_button(ui: &mut egui::Ui, run: &HiddenRun, lang: Lang, out: &mut Vec<LearnCmd>) {
    let text = if run.showing_deployment {
        &t::HIDDEN_HIDE
    } else {
        &t::HIDDEN_SHOW
    };
    if ui.button(lang.t(text)).clicked() {
        out.push(LearnCmd::PuzzleDeployment);
    }
    if run.showing_deployment {
        ui.label(egui::RichText::new(lang.t(&t::HIDDEN_SHOWN_NOTE)).italics());
    }
}

/// Ranks of a set in words.
fn list(lang: Lang, set: u16) -> String {
    let ranks: Vec<Rank> = ranks_in(set).collect();
    t::ranks_list(lang, &ranks)
}

/// The facts about one piece and what they leave.
fn reasons(
    ui: &mut egui::Ui,
    why: &Reasons,
    rules: &Rules,
    enemy: Seat,
    board: &crate::engine::Board,
    lang: Lang,
) {
    ui.add_space(4.0);
    ui.label(
        egui::RichText::new(fill(
            lang.t(&t::HIDDEN_WHY),
            &[("at", board.name(why.at)), ("from", board.name(why.origin))],
        ))
        .strong(),
    );
    for f in &why.facts {
        ui.label(format!("• {}", fact(f, rules, enemy, board, lang)));
    }
    let key = if why.counting {
        &t::FACT_COUNTING
    } else {
        &t::FACT_LEAVES
    };
    ui.label(format!(
        "• {}",
        fill(lang.t(key), &[("ranks", &list(lang, why.may_be))])
    ));
}

/// One fact in words.
pub fn fact(
    f: &Fact,
    rules: &Rules,
    enemy: Seat,
    board: &crate::engine::Board,
    lang: Lang,
) -> String {
    let outside = |set: u16| {
        let ranks: Vec<Rank> = ranks_in(ALL_RANKS & !set)
            .filter(|r| matches!(r, Rank::Bomb | Rank::Mine | Rank::Flag))
            .collect();
        t::ranks_bare(lang, &ranks)
    };
    match f {
        Fact::Deployed(n) => fill(
            lang.t(&t::FACT_DEPLOYED),
            &[
                ("sq", board.name(*n)),
                ("ranks", &outside(f.allows(rules, enemy))),
            ],
        ),
        Fact::Moved => lang.t(&t::FACT_MOVED).to_string(),
        Fact::Flew => fill(
            lang.t(&t::FACT_FLEW),
            &[("ranks", &list(lang, f.allows(rules, enemy)))],
        ),
        Fact::Shown(r) => fill(lang.t(&t::FACT_SHOWN), &[("rank", lang.rank(*r))]),
        Fact::Clash(c) => {
            let key = if c.by_me {
                &t::FACT_CLASH_MINE
            } else {
                &t::FACT_CLASH_THEIRS
            };
            let outcome = match lang {
                Lang::Zh => c.outcome.zh(),
                Lang::En => c.outcome.en(),
            };
            let shown = if c.flag_shown {
                lang.t(&t::FACT_FLAG_SHOWN)
            } else if rules.flag_reveal_on_marshal_loss && c.enemy_removed() {
                lang.t(&t::FACT_FLAG_NOT_SHOWN)
            } else {
                ""
            };
            fill(
                lang.t(key),
                &[
                    ("ply", &c.ply.to_string()),
                    ("mine", lang.rank(c.mine)),
                    ("turn", &c.turn.notation(board)),
                    ("outcome", outcome),
                    ("shown", shown),
                ],
            )
        }
    }
}

/// What the side saw of each enemy piece that moved, clashed or was shown.
fn saw(ui: &mut egui::Ui, run: &HiddenRun, lang: Lang) {
    let k = &run.puzzle.knowledge;
    let board = k.view.board();
    let enemy = k.enemy();
    egui::CollapsingHeader::new(lang.t(&t::HIDDEN_SAW))
        .id_salt("hidden-saw")
        .default_open(true)
        .show(ui, |ui| {
            // The pieces on the board first, then the removed ones.
            let on_board = k.pieces.iter().filter(|p| p.at.is_some());
            for p in on_board.chain(k.pieces.iter().filter(|p| p.at.is_none())) {
                let facts: Vec<Fact> = p
                    .facts()
                    .into_iter()
                    .filter(|f| !matches!(f, Fact::Deployed(_)))
                    .collect();
                if facts.is_empty() {
                    continue;
                }
                let from = board.name(p.origin);
                let head = match p.at {
                    Some(at) => fill(
                        lang.t(&t::HIDDEN_PIECE_AT),
                        &[("at", board.name(at)), ("from", from)],
                    ),
                    None => fill(lang.t(&t::HIDDEN_PIECE_GONE), &[("from", from)]),
                };
                ui.label(egui::RichText::new(head).strong());
                for f in &facts {
                    ui.label(format!("• {}", fact(f, &k.rules, enemy, board, lang)));
                }
            }
            ui.label(
                egui::RichText::new(lang.t(&t::HIDDEN_NOTHING_SEEN))
                    .small()
                    .weak(),
            );
        });
}
