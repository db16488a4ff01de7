//! The layers of src/, and no import cycle in it.
//!
//! Layers: each top-level module uses only the modules below it in [`LAYERS`] (the rules engine at
//! the bottom, the command line and the window at the top, side by side), so the rules, the
//! computer and the table can be built and tested without the window, and nothing below a window
//! reaches up into it.
//!
//! No cycle: at every level of the module tree (the crate's top modules, the files
//! of a folder), the modules that are siblings use one another in one direction only, so each can
//! be read, tested and replaced with only what it uses below it.
//!
//! What counts as a use: a `use` item (its whole tree, `pub use` re-exports followed to where the
//! name is defined) and any path in the code that starts with `crate::`, `super::`, `self::` or a
//! child module's name. A module and its own submodules are one unit here (a submodule may use its
//! parent's items, as Rust's privacy intends: `super::Position` in `position/movegen.rs`), and test
//! modules (`#[cfg(test)] mod …`) are left out: they may use anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Module = Vec<String>;

/// The source of every module under `root`, by module path (`src/app/mod.rs` is `app`,
/// `src/engine/position/play.rs` is `engine::position::play`, `src/lib.rs` the crate itself).
fn read_tree(root: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, at: &[String], out: &mut BTreeMap<Module, String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("read src/")
            .map(|e| e.expect("read src/").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut sub = at.to_vec();
                sub.push(name);
                walk(&path, &sub, out);
            } else if let Some(stem) = name.strip_suffix(".rs") {
                let mut module = at.to_vec();
                match stem {
                    "main" if at.is_empty() => continue,
                    "lib" if at.is_empty() => {}
                    "mod" => {}
                    _ => module.push(stem.to_string()),
                }
                out.insert(
                    module,
                    std::fs::read_to_string(&path).expect("read a source file"),
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, &[], &mut out);
    out
}

/// The code without its inline test modules, and the names of the test modules kept in files.
fn drop_test_modules(src: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut in_files = Vec::new();
    let mut rest = src;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let trimmed = trimmed.strip_prefix("pub ").unwrap_or(trimmed).trim_start();
        let Some(decl) = trimmed.strip_prefix("mod ") else {
            rest = after;
            continue;
        };
        let name: String = decl
            .trim_start()
            .chars()
            .take_while(|ch| ch.is_alphanumeric() || *ch == '_')
            .collect();
        let body = decl.trim_start()[name.len()..].trim_start();
        if let Some(tail) = body.strip_prefix(';') {
            in_files.push(name);
            rest = tail;
        } else if let Some(tail) = body.strip_prefix('{') {
            let mut depth = 1;
            let mut end = tail.len();
            for (k, ch) in tail.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &tail[end..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    (out, in_files)
}

/// The paths a `use` tree names (`a::{b, c::{d as e}}` gives `a::b` and `a::c::d`).
fn use_paths(tree: &str) -> Vec<Vec<String>> {
    fn parse(s: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (k, ch) in s.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&s[start..k]);
                    start = k + 1;
                }
                _ => {}
            }
        }
        parts.push(&s[start..]);
        for part in parts.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
            if let Some(open) = part.find('{') {
                let close = part.rfind('}').unwrap_or(part.len());
                let mut head = prefix.to_vec();
                head.extend(segments(part[..open].trim_end_matches(':')));
                parse(&part[open + 1..close], &head, out);
            } else {
                let name = part.split(" as ").next().unwrap_or(part);
                let mut path = prefix.to_vec();
                path.extend(segments(name));
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    parse(tree, &[], &mut out);
    out
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "*")
        .map(String::from)
        .collect()
}

/// The `use` items of a module's code: (whether it is a re-export, its tree).
fn use_items(code: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let words: Vec<(usize, &str)> = code
        .match_indices(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
        .scan(0, |start, (k, sep)| {
            let w = (*start, &code[*start..k]);
            *start = k + sep.len();
            Some(w)
        })
        .collect();
    for &(at, word) in &words {
        if word != "use" {
            continue;
        }
        let before = code[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let tail = &code[at + 3..];
        if !tail.starts_with(char::is_whitespace) {
            continue;
        }
        if let Some(end) = tail.find(';') {
            out.push((public, tail[..end].to_string()));
        }
    }
    out
}

/// Paths in the code outside `use` items: `a::b::C` runs of identifiers.
fn code_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let ch = bytes[i];
        if ch.is_alphabetic() || ch == '_' {
            let boundary = i == 0 || {
                let p = bytes[i - 1];
                !(p.is_alphanumeric() || p == '_' || p == ':')
            };
            let mut j = i;
            let mut path = String::new();
            loop {
                let s = j;
                while j < bytes.len() && (bytes[j].is_alphanumeric() || bytes[j] == '_') {
                    j += 1;
                }
                path.extend(&bytes[s..j]);
                if bytes.get(j) == Some(&':')
                    && bytes.get(j + 1) == Some(&':')
                    && bytes
                        .get(j + 2)
                        .is_some_and(|c| c.is_alphabetic() || *c == '_')
                {
                    path.push_str("::");
                    j += 2;
                } else {
                    break;
                }
            }
            if boundary && path.contains("::") {
                out.push(segments(&path));
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

struct Crate {
    modules: BTreeSet<Module>,
    /// Names a module imports (`pub use child::Name`, `use super::x::Name`) and the module that
    /// defines them.
    reexports: BTreeMap<(Module, String), Module>,
}

impl Crate {
    fn children(&self, of: &[String]) -> impl Iterator<Item = &Module> {
        self.modules
            .iter()
            .filter(move |m| m.len() == of.len() + 1 && m.starts_with(of))
    }

    /// The modules a path used in `from` leads to: the module it names (`super::saves::info_value`
    /// names `saves`, whatever `saves` re-exports) and, when the name is an import of that module
    /// (`pub use`, or a private `use` that its submodules reach through `super::`), the module that
    /// defines it. Both count: a file that names another depends on it.
    fn resolve(&self, from: &[String], path: &[String]) -> Vec<Module> {
        let Some(first) = path.first() else {
            return Vec::new();
        };
        let (mut at, rest): (Module, &[String]) = match first.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (from.to_vec(), &path[1..]),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                let Some(base) = from.len().checked_sub(ups) else {
                    return Vec::new();
                };
                (from[..base].to_vec(), &path[ups..])
            }
            name if self
                .children(from)
                .any(|c| c.last().map(String::as_str) == Some(name)) =>
            {
                (from.to_vec(), path)
            }
            _ => return Vec::new(),
        };
        for seg in rest {
            let mut next = at.clone();
            next.push(seg.clone());
            if self.modules.contains(&next) {
                at = next;
            } else if let Some(to) = self.reexports.get(&(at.clone(), seg.clone())) {
                return vec![at, to.clone()];
            } else {
                break;
            }
        }
        vec![at]
    }
}

/// Every use between modules: (from, to) with one example path.
fn uses(sources: &BTreeMap<Module, String>) -> BTreeMap<(Module, Module), String> {
    let mut code = BTreeMap::new();
    let mut tests = BTreeSet::new();
    for (module, src) in sources {
        let (kept, test_files) = drop_test_modules(&super::sizes::blank(src));
        for t in test_files {
            let mut m = module.clone();
            m.push(t);
            tests.insert(m);
        }
        code.insert(module.clone(), kept);
    }
    let mut krate = Crate {
        modules: sources.keys().cloned().collect(),
        reexports: BTreeMap::new(),
    };
    // Re-exports may go through other re-exports: follow them a few levels deep.
    for _ in 0..4 {
        for (module, text) in &code {
            for (_, tree) in use_items(text) {
                for path in use_paths(&tree) {
                    if let (Some(name), Some(to)) =
                        (path.last(), krate.resolve(module, &path).pop())
                    {
                        krate.reexports.insert((module.clone(), name.clone()), to);
                    }
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    for (module, text) in &code {
        if tests.iter().any(|t| module.starts_with(t)) {
            continue;
        }
        let mut paths: Vec<Vec<String>> = use_items(text)
            .iter()
            .flat_map(|(_, tree)| use_paths(tree))
            .collect();
        paths.extend(code_paths(text));
        for path in paths {
            for to in krate.resolve(module, &path) {
                if &to != module {
                    out.entry((module.clone(), to))
                        .or_insert_with(|| path.join("::"));
                }
            }
        }
    }
    out
}

/// The import cycles among siblings, each as "folder: a -> b (path) ...".
fn cycles(sources: &BTreeMap<Module, String>) -> Vec<String> {
    let edges = uses(sources);
    let modules: BTreeSet<Module> = sources.keys().cloned().collect();
    let mut found = Vec::new();
    for folder in &modules {
        let kids: Vec<String> = modules
            .iter()
            .filter(|m| m.len() == folder.len() + 1 && m.starts_with(folder))
            .map(|m| m[folder.len()].clone())
            .collect();
        if kids.len() < 2 {
            continue;
        }
        // The sibling graph: which child's subtree uses which other child's subtree.
        let mut graph: BTreeMap<&str, BTreeMap<&str, String>> = BTreeMap::new();
        for ((from, to), path) in &edges {
            let (Some(a), Some(b)) = (
                from.strip_prefix(folder.as_slice()).and_then(|r| r.first()),
                to.strip_prefix(folder.as_slice()).and_then(|r| r.first()),
            ) else {
                continue;
            };
            if a != b {
                graph
                    .entry(a.as_str())
                    .or_default()
                    .entry(b.as_str())
                    .or_insert_with(|| format!("{} uses {path}", from.join("::")));
            }
        }
        for component in strongly_connected(&kids, &graph) {
            let name = if folder.is_empty() {
                "crate".into()
            } else {
                folder.join("::")
            };
            let mut text = format!("in {name}: {}", component.join(", "));
            for a in &component {
                for b in &component {
                    if let Some(why) = graph.get(a.as_str()).and_then(|g| g.get(b.as_str())) {
                        text.push_str(&format!("\n    {a} -> {b}: {why}"));
                    }
                }
            }
            found.push(text);
        }
    }
    found
}

/// Tarjan's strongly connected components with more than one member.
fn strongly_connected(
    nodes: &[String],
    graph: &BTreeMap<&str, BTreeMap<&str, String>>,
) -> Vec<Vec<String>> {
    struct State<'a> {
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(v: &'a str, graph: &'a BTreeMap<&str, BTreeMap<&str, String>>, s: &mut State<'a>) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        for w in graph.get(v).into_iter().flat_map(|g| g.keys()) {
            if !s.index.contains_key(w) {
                visit(w, graph, s);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in nodes {
        if !s.index.contains_key(v.as_str()) {
            visit(v.as_str(), graph, &mut s);
        }
    }
    s.found
}

/// What each top-level module of src/ may use directly; what those use, it may use too. A module
/// not named here is an error (place it first). The picture:
///
/// ```text
///   cli            app (the window)
///    |  \         /   \
///    |   net     editor
///    |    |         |
///    |  table     library (formation files)
///    | /  |   \     |
///   ai  protocol  i18n
///     \    |     /
///       engine
///         |
///       fsutil
/// ```
const LAYERS: &[(&str, &[&str])] = &[
    ("fsutil", &[]),
    ("engine", &["fsutil"]),
    ("i18n", &["engine"]),
    ("ai", &["engine"]),
    ("protocol", &["engine"]),
    ("library", &["i18n"]),
    ("puzzles", &["ai", "i18n"]),
    ("table", &["ai", "protocol", "i18n"]),
    ("commentary", &["ai", "i18n"]),
    ("net", &["table"]),
    ("editor", &["library"]),
    ("cli", &["net", "library", "puzzles", "commentary"]),
    (
        "app",
        &["net", "editor", "library", "puzzles", "commentary"],
    ),
];

/// The top-level uses that [`LAYERS`] does not allow, each as "a -> b: why".
fn layer_breaks(sources: &BTreeMap<Module, String>, layers: &[(&str, &[&str])]) -> Vec<String> {
    let below = |top: &str| -> Option<BTreeSet<&str>> {
        let (_, direct) = layers.iter().find(|(m, _)| *m == top)?;
        let mut all: BTreeSet<&str> = BTreeSet::new();
        let mut todo: Vec<&str> = direct.to_vec();
        while let Some(m) = todo.pop() {
            if all.insert(m)
                && let Some((_, more)) = layers.iter().find(|(n, _)| *n == m)
            {
                todo.extend(more.iter().copied());
            }
        }
        Some(all)
    };
    let mut found = BTreeSet::new();
    for ((from, to), path) in uses(sources) {
        let (Some(a), Some(b)) = (from.first(), to.first()) else {
            continue;
        };
        if a == b {
            continue;
        }
        match below(a) {
            None => {
                found.insert(format!("{a} is in no layer: add it to LAYERS"));
            }
            Some(allowed) if !allowed.contains(b.as_str()) => {
                found.insert(format!("{a} -> {b}: {} uses {path}", from.join("::")));
            }
            Some(_) => {}
        }
    }
    // The layers themselves go one way: nothing may use what uses it.
    for (m, _) in layers {
        if below(m).is_some_and(|all| all.contains(m)) {
            found.insert(format!("the layers go round through {m}"));
        }
    }
    found.into_iter().collect()
}

#[test]
fn src_keeps_to_its_layers() {
    let sources = read_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let found = layer_breaks(&sources, LAYERS);
    assert!(
        found.is_empty(),
        "uses against the layers in src/:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_layer_check_finds_an_upward_use() {
    let layers: &[(&str, &[&str])] = &[("low", &[]), ("mid", &["low"]), ("top", &["mid"])];
    let ok = tree(&[
        ("", "pub mod low; pub mod mid; pub mod top;"),
        ("low", "pub struct L;"),
        ("mid", "use crate::low::L;"),
        ("top", "fn f() { crate::low::g(); let _ = crate::mid::M; }"),
    ]);
    assert!(layer_breaks(&ok, layers).is_empty());
    // Upward, through a path in code inside a submodule.
    let mut up = ok.clone();
    up.insert(segments("low::deep"), "fn f() { crate::top::t(); }".into());
    let found = layer_breaks(&up, layers);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("low -> top"), "{found:?}");
    // A module the layers do not name.
    let mut stray = ok.clone();
    stray.insert(segments("stray"), "use crate::low::L;".into());
    assert_eq!(
        layer_breaks(&stray, layers),
        ["stray is in no layer: add it to LAYERS"]
    );
    // Layers that go round.
    let round: &[(&str, &[&str])] = &[("low", &["top"]), ("mid", &["low"]), ("top", &["mid"])];
    assert!(
        layer_breaks(&ok, round)
            .iter()
            .any(|f| f.starts_with("the layers go round"))
    );
}

#[test]
fn src_has_no_import_cycle() {
    let sources = read_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(
        sources.len() > 50,
        "src/ was read ({} modules)",
        sources.len()
    );
    let found = cycles(&sources);
    assert!(
        found.is_empty(),
        "import cycles in src/:\n{}",
        found.join("\n")
    );
}

fn tree(files: &[(&str, &str)]) -> BTreeMap<Module, String> {
    files
        .iter()
        .map(|(m, s)| (segments(m), s.to_string()))
        .collect()
}

#[test]
fn the_checker_finds_cycles_through_every_kind_of_path() {
    // Siblings through `use`, through `super::` in code, through a re-export, in a nested folder.
    let found = cycles(&tree(&[
        ("", "pub mod a; pub mod b; pub mod c;"),
        ("a", "use crate::b::Thing; // use crate::c::Nothing;"),
        ("b", "pub struct Thing; fn f() { super::c::go(); }"),
        (
            "c",
            "pub use inner::Go; pub fn go() { let s = \"crate::b\"; }",
        ),
        ("c::inner", "pub struct Go(crate::a::A);"),
    ]));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("in crate: a, b, c"), "{found:?}");
    // A module using its parent, a comment, a string, a test module: no cycle.
    let found = cycles(&tree(&[
        ("", "pub mod p; pub mod q;"),
        ("p", "pub mod x; pub mod y; pub struct P; use x::X;"),
        ("p::x", "use super::P; pub struct X; /* use super::y::Y; */"),
        ("p::y", "pub struct Y(super::x::X); fn f() -> char { '\"' }"),
        (
            "q",
            "use crate::p::P; #[cfg(test)] mod tests { use crate::q; }",
        ),
    ]));
    assert!(found.is_empty(), "{found:?}");
    let found = cycles(&tree(&[
        ("", "pub mod p;"),
        ("p", "pub mod x; pub mod y;"),
        ("p::x", "use super::y::{self, Y as Why};"),
        ("p::y", "pub struct Y; fn f() { let _ = super::x::g; }"),
    ]));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("in p: x, y"), "{found:?}");
    // A file that names a sibling for a name the sibling only re-exports still uses it
    // (`session` -> `saves::info_value`, defined in `records`), and a submodule reaching its
    // parent's private import through `super::` uses the module that defines it.
    let found = cycles(&tree(&[
        ("", "pub mod app;"),
        ("app", "pub mod records; pub mod saves; pub mod session;"),
        ("app::records", "pub fn info_value() {}"),
        (
            "app::saves",
            "pub use super::records::info_value; use super::session::Session;",
        ),
        (
            "app::session",
            "pub struct Session; fn f() { super::saves::info_value(); }",
        ),
    ]));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("in app: saves, session"), "{found:?}");
    let found = cycles(&tree(&[
        ("", "pub mod a; pub mod b; use a::A;"),
        ("a", "pub struct A; fn f() { crate::b::g(); }"),
        ("b", "pub fn g() {} fn h() -> super::A { todo!() }"),
    ]));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("in crate: a, b"), "{found:?}");
}
