//! Files and functions the right size: no source file over [`FILE_LIMIT`] lines (counted up to
//! its test module) and no function over [`FN_LIMIT`] lines, so that each can be read whole.
//!
//! What is measured: every `.rs` file under src/ except the files of test modules (a
//! `#[cfg(test)] mod name;` declared in its parent); a file's lines up to its first inline test
//! module (`#[cfg(test)]` then `mod name {`), less the declarations of test modules in files of
//! their own; a function from its `fn` line to its closing brace,
//! closures and nested functions included (a nested function is measured on its own as well).
//! Comments, strings and character literals are blanked first, so braces in them count for
//! nothing.
//!
//! [`ALLOWED`] names the offenders still being cut down; an item on it that keeps to the limit
//! fails the test too, so the list only shrinks.

use std::path::{Path, PathBuf};

/// The most lines a source file may have before its test module.
const FILE_LIMIT: usize = 1000;
/// The most lines a function may have, from its `fn` line to its closing brace.
const FN_LIMIT: usize = 150;

/// The offenders being cut down, by path under the crate and function name (`None`: the file).
const ALLOWED: &[(&str, Option<&str>)] = &[];

/// A function's size.
#[derive(Clone, Debug, PartialEq)]
struct FnSize {
    name: String,
    /// The line of its `fn` (from 1).
    line: usize,
    lines: usize,
}

/// A source file's size and its functions' (test module left out).
#[derive(Debug)]
struct Measure {
    /// The file's path as the report names it ("src/app/play.rs").
    path: String,
    lines: usize,
    fns: Vec<FnSize>,
}

/// A file or a function over its limit.
#[derive(Debug, PartialEq)]
enum Offender {
    File { path: String, lines: usize },
    Fn { path: String, f: FnSize },
}

impl Offender {
    /// Whether the allow-list entry `(path, name)` names this offender.
    fn is(&self, (path, name): (&str, Option<&str>)) -> bool {
        match self {
            Offender::File { path: p, .. } => p == path && name.is_none(),
            Offender::Fn { path: p, f } => p == path && name == Some(f.name.as_str()),
        }
    }
}

impl std::fmt::Display for Offender {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Offender::File { path, lines } => {
                write!(out, "{path}: {lines} lines (at most {FILE_LIMIT})")
            }
            Offender::Fn { path, f } => write!(
                out,
                "{path}:{} fn {}: {} lines (at most {FN_LIMIT})",
                f.line, f.name, f.lines
            ),
        }
    }
}

/// The code with the insides of comments, strings and character literals blanked (each character
/// a space, line breaks kept, so lines keep their numbers). Lifetimes are kept.
pub(crate) fn blank(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    // A part blanked into `out`, its line breaks kept.
    let put = |out: &mut String, part: &[char]| {
        out.extend(part.iter().map(|&ch| if ch == '\n' { '\n' } else { ' ' }));
    };
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        let after_word = i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
        let j = if c[i] == '/' && next == Some('/') {
            let mut j = i;
            while j < c.len() && c[j] != '\n' {
                j += 1;
            }
            j
        } else if c[i] == '/' && next == Some('*') {
            let (mut j, mut depth) = (i, 0);
            while j < c.len() {
                if c[j] == '/' && c.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if c[j] == '*' && c.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if c[i] == 'r' && matches!(next, Some('"' | '#')) && !after_word {
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            j += 1;
            while j < c.len() && !(c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')))
            {
                j += 1;
            }
            (j + 1 + hashes).min(c.len())
        } else if c[i] == '"' {
            let mut j = i + 1;
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            (j + 1).min(c.len())
        } else if c[i] == '\'' && next == Some('\\') {
            // An escape: past the escaped character ('\'' too) to the closing quote.
            let mut j = i + 3;
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            (j + 1).min(c.len())
        } else if c[i] == '\'' && c.get(i + 2) == Some(&'\'') {
            i + 3
        } else {
            out.push(c[i]);
            i += 1;
            continue;
        };
        put(&mut out, &c[i..j]);
        i = j;
    }
    out
}

/// The line with its leading qualifiers (`pub`, `pub(crate)`, `const`, `async`, `unsafe`,
/// `extern ""`, `default`) taken off.
fn without_qualifiers(mut line: &str) -> &str {
    loop {
        line = line.trim_start();
        let rest = if let Some(r) = line.strip_prefix("pub(") {
            r.find(')').map(|k| &r[k + 1..])
        } else {
            ["pub ", "const ", "async ", "unsafe ", "default ", "extern "]
                .iter()
                .find_map(|q| line.strip_prefix(q))
        };
        match rest {
            // A blanked ABI string after `extern`.
            Some(r) => {
                line = r
                    .trim_start()
                    .trim_start_matches('"')
                    .trim_start_matches(' ')
            }
            None => return line,
        }
    }
}

/// The name of the function whose `fn` starts this (blanked) line, if one does.
fn fn_name(line: &str) -> Option<&str> {
    let rest = without_qualifiers(line).strip_prefix("fn ")?.trim_start();
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// The functions of the (blanked) `lines`, each measured from its `fn` line to the line of its
/// closing brace. Declarations without a body are left out.
fn functions(lines: &[&str]) -> Vec<FnSize> {
    let mut out = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else {
            continue;
        };
        let at = line.find("fn ").expect("a fn");
        // The body's opening brace: the first `{` outside the signature's brackets, unless a `;`
        // comes first (a declaration).
        let (mut depth, mut braces) = (0i32, 0i32);
        let mut opened = false;
        let mut end = None;
        'walk: for (k, l) in lines.iter().enumerate().skip(start) {
            let from = if k == start { at } else { 0 };
            for ch in l[from..].chars() {
                match ch {
                    '(' | '[' if !opened => depth += 1,
                    ')' | ']' if !opened => depth -= 1,
                    ';' if !opened && depth == 0 => break 'walk,
                    '{' => {
                        opened = true;
                        braces += 1;
                    }
                    '}' if opened => {
                        braces -= 1;
                        if braces == 0 {
                            end = Some(k);
                            break 'walk;
                        }
                    }
                    _ => {}
                }
            }
        }
        if let Some(end) = end {
            out.push(FnSize {
                name: name.to_string(),
                line: start + 1,
                lines: end - start + 1,
            });
        }
    }
    out
}

/// Whether this (blanked) line starts an inline module: `mod name {` (any visibility).
fn opens_module(line: &str) -> bool {
    let rest = without_qualifiers(line);
    rest.strip_prefix("mod ").is_some_and(|r| {
        let r = r.trim_start();
        let name = r.find(|c: char| !(c.is_alphanumeric() || c == '_'));
        name.is_some_and(|k| k > 0 && r[k..].trim_start().starts_with('{'))
    })
}

/// The line (from 0) where the file's inline test module starts: its `#[cfg(test)]` at the
/// start of a line, followed (past other attributes and blank lines) by `mod name {`.
fn test_module_start(lines: &[&str]) -> Option<usize> {
    (0..lines.len()).find(|&i| {
        lines[i].trim_end() == "#[cfg(test)]"
            && lines[i + 1..]
                .iter()
                .map(|l| l.trim())
                .find(|l| !l.is_empty() && !l.starts_with("#["))
                .is_some_and(opens_module)
    })
}

/// The test modules declared in their own files (`#[cfg(test)] mod name;`) in the (blanked)
/// `lines`: each one's name and its lines (its `#[cfg(test)]` to its `mod name;`).
fn test_declarations(lines: &[&str]) -> Vec<(String, std::ops::RangeInclusive<usize>)> {
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if l.trim() != "#[cfg(test)]" {
            continue;
        }
        let Some(k) = (i + 1..lines.len()).find(|&k| {
            let l = lines[k].trim();
            !l.is_empty() && !l.starts_with("#[")
        }) else {
            continue;
        };
        if let Some(name) = without_qualifiers(lines[k])
            .strip_prefix("mod ")
            .and_then(|r| r.trim_end().strip_suffix(';'))
        {
            out.push((name.trim().to_string(), i..=k));
        }
    }
    out
}

/// The names of the test modules `src` declares in their own files.
fn test_children(src: &str) -> Vec<String> {
    let text = blank(src);
    let lines: Vec<&str> = text.lines().collect();
    test_declarations(&lines)
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

/// The size of the file `path` with source `src`, and of its functions: up to its inline test
/// module, the declarations of test modules in their own files left out.
fn measure(path: &str, src: &str) -> Measure {
    let text = blank(src);
    let all: Vec<&str> = text.lines().collect();
    let lines = &all[..test_module_start(&all).unwrap_or(all.len())];
    let declared: usize = test_declarations(lines)
        .iter()
        .map(|(_, r)| r.clone().count())
        .sum();
    Measure {
        path: path.to_string(),
        lines: lines.len() - declared,
        fns: functions(lines),
    }
}

/// Every source file under `root` (a crate's src/) but the test modules' own files, measured,
/// each named by its path under `crate_dir`.
fn scan(crate_dir: &Path, root: &Path) -> Vec<Measure> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("read src/")
            .map(|e| e.expect("read src/").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    let sources: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|p| {
            let src = std::fs::read_to_string(&p).expect("read a source file");
            (p, src)
        })
        .collect();
    // The files of test modules: `name.rs` or `name/mod.rs` beside a mod.rs, lib.rs or main.rs
    // that declares them, or under `parent/` for any other parent file.
    let mut tests: Vec<PathBuf> = Vec::new();
    for (path, src) in &sources {
        let dir = path.parent().expect("a folder");
        let stem = path.file_stem().expect("a name").to_string_lossy();
        let base = if matches!(stem.as_ref(), "mod" | "lib" | "main") {
            dir.to_path_buf()
        } else {
            dir.join(stem.as_ref())
        };
        for name in test_children(src) {
            tests.push(base.join(format!("{name}.rs")));
            tests.push(base.join(&name).join("mod.rs"));
        }
    }
    sources
        .iter()
        .filter(|(p, _)| !tests.contains(p))
        .map(|(p, src)| {
            let name = p.strip_prefix(crate_dir).unwrap_or(p);
            measure(&name.to_string_lossy(), src)
        })
        .collect()
}

/// The files and functions of `measures` over their limits.
fn offenders(measures: &[Measure]) -> Vec<Offender> {
    let mut out = Vec::new();
    for m in measures {
        if m.lines > FILE_LIMIT {
            out.push(Offender::File {
                path: m.path.clone(),
                lines: m.lines,
            });
        }
        for f in m.fns.iter().filter(|f| f.lines > FN_LIMIT) {
            out.push(Offender::Fn {
                path: m.path.clone(),
                f: f.clone(),
            });
        }
    }
    out
}

/// What is wrong with `found` against the allow-list `allowed`: each offender it does not name,
/// and each entry that names no offender any more.
fn problems(found: &[Offender], allowed: &[(&str, Option<&str>)]) -> Vec<String> {
    let mut out: Vec<String> = found
        .iter()
        .filter(|o| !allowed.iter().any(|&a| o.is(a)))
        .map(|o| format!("too long: {o}"))
        .collect();
    for &(path, name) in allowed {
        if !found.iter().any(|o| o.is((path, name))) {
            let what = name.map_or(String::new(), |n| format!(" fn {n}"));
            out.push(format!(
                "{path}{what} keeps to the limit now: take it off the allow-list"
            ));
        }
    }
    out
}

#[test]
fn src_files_and_functions_keep_to_their_sizes() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let measures = scan(crate_dir, &crate_dir.join("src"));
    assert!(
        measures.len() > 50,
        "src/ has source files ({} found)",
        measures.len()
    );
    let found = offenders(&measures);
    let problems = problems(&found, ALLOWED);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `n` lines of plain statements.
fn body(n: usize) -> String {
    (0..n).map(|k| format!("    let x{k} = {k};\n")).collect()
}

#[test]
fn a_function_over_the_limit_is_named_with_its_length() {
    // 150 lines in all (fn line, 148 statements, closing brace) keeps to the limit; 151 does not.
    let src = format!(
        "fn fits() {{\n{}}}\n\npub(crate) fn too_long(a: [u8; 4]) -> u8\nwhere\n    u8: Copy,\n{{\n{}}}\n",
        body(148),
        body(146)
    );
    let m = measure("src/x.rs", &src);
    let sizes: Vec<(&str, usize)> = m.fns.iter().map(|f| (f.name.as_str(), f.lines)).collect();
    assert_eq!(sizes, [("fits", 150), ("too_long", 151)]);
    let found = offenders(&[m]);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].to_string(),
        "src/x.rs:152 fn too_long: 151 lines (at most 150)"
    );
}

#[test]
fn a_file_over_the_limit_is_found_and_its_test_module_is_not_counted() {
    let short = format!("fn a() {{\n{}}}\n", body(10)).repeat(83);
    assert_eq!(measure("src/s.rs", &short).lines, 996);
    let long = format!("{short}const A: u8 = 1;\nconst B: u8 = 2;\n\n\n\n");
    let m = measure("src/l.rs", &long);
    assert_eq!(m.lines, 1001);
    assert_eq!(
        offenders(&[m]),
        [Offender::File {
            path: "src/l.rs".into(),
            lines: 1001
        }]
    );
    // The same 996 lines and a long test module, with a long test: neither counts.
    let tested = format!(
        "{short}\n#[cfg(test)]\n#[allow(dead_code)]\nmod tests {{\n    fn long_test() {{\n{}    }}\n}}\n",
        body(400)
    );
    let m = measure("src/t.rs", &tested);
    assert_eq!(m.lines, 997);
    assert!(m.fns.iter().all(|f| f.name == "a"));
    assert!(offenders(&[m]).is_empty());
    // A test-only item is not a test module: it counts, and so does what follows it.
    let item = format!("#[cfg(test)]\nfn helper() {{}}\n{short}");
    assert_eq!(measure("src/i.rs", &item).lines, 998);
}

#[test]
fn closures_count_in_their_function_and_nested_functions_on_their_own_too() {
    let src = format!(
        "fn outer() {{\n    let f = |x: u8| {{\n{}    }};\n    fn inner() {{\n{}    }}\n}}\n",
        body(100),
        body(60)
    );
    let m = measure("src/n.rs", &src);
    let sizes: Vec<(&str, usize, usize)> = m
        .fns
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(sizes, [("outer", 1, 166), ("inner", 104, 62)]);
    let found = offenders(&[m]);
    assert_eq!(found.len(), 1);
    assert!(found[0].is(("src/n.rs", Some("outer"))));
}

#[test]
fn braces_in_comments_strings_and_characters_count_for_nothing() {
    let src = concat!(
        "/// A doc comment with a brace {\n",
        "fn tricky() -> String {\n",
        "    let a = '{';\n",
        "    let b = \"}}}\\\" {\";\n",
        "    let c = r#\"}\"# ;\n",
        "    /* } { */ // }\n",
        "    let d: &'static str = \"\n}\n\";\n",
        "    format!(\"{a}{b}{c}{d}\")\n",
        "}\n",
        "trait T {\n",
        "    fn declared(&self) -> [u8; 2];\n",
        "    unsafe extern \"C\" fn callback() {}\n",
        "}\n",
    );
    let m = measure("src/b.rs", src);
    assert_eq!(m.lines, 15);
    let sizes: Vec<(&str, usize, usize)> = m
        .fns
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(sizes, [("tricky", 2, 10), ("callback", 14, 1)]);
}

#[test]
fn test_modules_in_their_own_files_are_found_from_their_declaration() {
    let src = "mod play;\n#[cfg(test)]\nmod tests;\n#[cfg(test)]\n#[path = \"x.rs\"]\npub(crate) mod tests_four;\n#[cfg(test)]\nmod inline {}\n";
    assert_eq!(test_children(src), ["tests", "tests_four"]);
    // The declarations are test code: they do not count in their file's lines.
    // The inline module cuts the count: one line is left ("mod play;").
    assert_eq!(measure("src/mod.rs", src).lines, 1);
}

#[test]
fn the_allow_list_names_each_offender_left_and_only_those() {
    let long = |path: &str, name: &str| Offender::Fn {
        path: path.into(),
        f: FnSize {
            name: name.into(),
            line: 1,
            lines: 200,
        },
    };
    let found = [
        long("src/a.rs", "ui"),
        Offender::File {
            path: "src/a.rs".into(),
            lines: 1200,
        },
        long("src/b.rs", "run"),
    ];
    let allowed = [("src/a.rs", Some("ui")), ("src/a.rs", None)];
    assert_eq!(
        problems(&found, &allowed),
        ["too long: src/b.rs:1 fn run: 200 lines (at most 150)"]
    );
    // An entry whose item was cut down (or is gone) fails too: the list only shrinks.
    let allowed = [
        ("src/a.rs", Some("ui")),
        ("src/a.rs", None),
        ("src/b.rs", Some("run")),
        ("src/c.rs", Some("show")),
    ];
    assert_eq!(
        problems(&found, &allowed),
        ["src/c.rs fn show keeps to the limit now: take it off the allow-list"]
    );
}
