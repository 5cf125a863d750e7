//! The layout rule of `crates/api` (docs/decisions.md D86), checked on the
//! source itself the way the web's ESLint boundary rule checks features:
//!
//! 1. The kernel (`http/`, `platform/`, `read_model/`) imports no capability.
//! 2. A capability may use another capability's service files, never its
//!    routes: only files inside `<capability>/routes/` and the capability's
//!    own `mod.rs` (its router) name a `routes` module.
//! 3. No import circles between files.
//!
//! Imports are read from `use` trees and inline `crate::…`/`super::…` paths
//! (comments and `#[cfg(test)]` modules left out) and resolved to the deepest
//! module file that exists, so `crate::cart::dto::CartDto` is an arrow to
//! `cart/dto.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const KERNEL: [&str; 3] = ["http", "platform", "read_model"];

/// A source file as a module path (`["cart", "dto"]`; `lib.rs` is `[]`).
type ModPath = Vec<String>;

struct Source {
    modules: BTreeMap<ModPath, PathBuf>,
}

impl Source {
    fn read() -> Source {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut modules = BTreeMap::new();
        collect(&root, &root, &mut modules);
        Source { modules }
    }

    fn is_dir_module(&self, module: &ModPath) -> bool {
        self.modules[module].ends_with("mod.rs") || module.is_empty()
    }

    /// The deepest module file a path (already made absolute) lands in.
    fn resolve(&self, path: &[String]) -> ModPath {
        let mut best = Vec::new();
        for n in 1..=path.len() {
            let candidate = path[..n].to_vec();
            if self.modules.contains_key(&candidate) {
                best = candidate;
            } else {
                break;
            }
        }
        best
    }

    /// Every module file `module` names, resolved.
    fn imports_of(&self, module: &ModPath) -> BTreeSet<ModPath> {
        let text = code_only(&std::fs::read_to_string(&self.modules[module]).unwrap());
        let mut out = BTreeSet::new();
        for path in paths_in(&text) {
            let absolute = match path.first().map(String::as_str) {
                Some("crate") => path[1..].to_vec(),
                Some("super") | Some("self") => {
                    // `self` is the file's own module; each `super` one level up.
                    let mut base = module.clone();
                    let mut rest = &path[..];
                    if rest[0] == "self" {
                        rest = &rest[1..];
                    }
                    while rest.first().map(String::as_str) == Some("super") {
                        base.pop();
                        rest = &rest[1..];
                    }
                    base.extend(rest.iter().cloned());
                    base
                }
                // A child module named from a `mod.rs` (`use routes::*`).
                Some(first) if self.is_dir_module(module) => {
                    let mut child = module.clone();
                    child.push(first.to_owned());
                    if !self.modules.contains_key(&child) {
                        continue;
                    }
                    child.extend(path[1..].iter().cloned());
                    child
                }
                _ => continue,
            };
            let target = self.resolve(&absolute);
            if &target != module {
                out.insert(target);
            }
        }
        out
    }
}

fn collect(root: &Path, dir: &Path, out: &mut BTreeMap<ModPath, PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(root, &path, out);
            continue;
        }
        if path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        let rel = path.strip_prefix(root).unwrap();
        let mut module: ModPath = rel
            .iter()
            .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_owned())
            .collect();
        if matches!(module.last().map(String::as_str), Some("mod") | Some("lib")) {
            module.pop();
        }
        out.insert(module, path);
    }
}

/// The code without comments, string contents or test modules.
fn code_only(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path in the code: `use` trees expanded, plus inline paths that
/// start at `crate`, `super` or `self`.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = find_use(rest) {
        let after = &rest[i + 4..];
        let end = after.find(';').unwrap_or(after.len());
        expand_use_tree(&[], after[..end].trim(), &mut out);
        rest = &after[end..];
    }
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_');
        if starts_word {
            let tail: String = bytes[i..bytes.len().min(i + 6)].iter().collect();
            if tail.starts_with("crate:")
                || tail.starts_with("super:")
                || tail.starts_with("self::")
            {
                let mut j = i;
                while j < bytes.len()
                    && (bytes[j].is_alphanumeric() || bytes[j] == '_' || bytes[j] == ':')
                {
                    j += 1;
                }
                let path: String = bytes[i..j].iter().collect();
                let segments: Vec<String> = path
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect();
                if segments.len() > 1 {
                    out.push(segments);
                }
                i = j;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Where the next `use` declaration starts: `use` first on its line, after
/// an optional `pub`/`pub(crate)`.
fn find_use(text: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let trimmed = match trimmed.strip_prefix("pub") {
            Some(rest) if rest.starts_with(' ') || rest.starts_with('(') => rest
                .find(' ')
                .map(|i| rest[i..].trim_start())
                .unwrap_or(rest),
            _ => trimmed,
        };
        if trimmed.starts_with("use ") {
            return Some(offset + (line.len() - trimmed.len()));
        }
        offset += line.len();
    }
    None
}

fn expand_use_tree(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let mut base = prefix.to_vec();
        base.extend(
            tree[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        let close = tree.rfind('}').filter(|&c| c > open).unwrap_or(tree.len());
        let inner = &tree[open + 1..close];
        for part in split_top_level(inner) {
            expand_use_tree(&base, part, out);
        }
        return;
    }
    let tree = tree.split(" as ").next().unwrap_or(tree);
    let mut path = prefix.to_vec();
    path.extend(
        tree.split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "*")
            .map(str::to_owned),
    );
    if path.last().map(String::as_str) == Some("self") {
        path.pop();
    }
    out.push(path);
}

fn split_top_level(list: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0, 0, Vec::new());
    for (i, c) in list.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&list[start..]);
    parts
}

fn name(module: &ModPath) -> String {
    if module.is_empty() {
        "lib.rs".into()
    } else {
        module.join("/")
    }
}

fn graph() -> (Source, BTreeMap<ModPath, BTreeSet<ModPath>>) {
    let source = Source::read();
    let graph = source
        .modules
        .keys()
        .map(|m| (m.clone(), source.imports_of(m)))
        .collect();
    (source, graph)
}

#[test]
fn the_kernel_imports_no_capability() {
    let (_, graph) = graph();
    let mut broken = Vec::new();
    for (from, targets) in &graph {
        let in_kernel = from
            .first()
            .is_some_and(|top| KERNEL.contains(&top.as_str()));
        for to in targets.iter().filter(|_| in_kernel) {
            let to_kernel = to.first().is_some_and(|top| KERNEL.contains(&top.as_str()));
            if !to_kernel {
                broken.push(format!("{} imports {}", name(from), name(to)));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "kernel files import capabilities: {broken:#?}"
    );
}

#[test]
fn only_a_capabilitys_router_and_its_routes_name_a_routes_module() {
    let (_, graph) = graph();
    let mut broken = Vec::new();
    for (from, targets) in &graph {
        for to in targets {
            let Some(at) = to.iter().position(|s| s == "routes") else {
                continue;
            };
            let owner = &to[..at];
            let from_inside = from.len() > at && from[..at] == *owner && from[at] == "routes";
            let from_router = from.as_slice() == owner;
            if !from_inside && !from_router {
                broken.push(format!("{} imports {}", name(from), name(to)));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "route modules imported from outside: {broken:#?}"
    );
}

#[test]
fn no_two_files_of_the_api_crate_import_each_other_in_a_circle() {
    let (_, graph) = graph();
    let circles = circles(&graph);
    let shown: Vec<String> = circles
        .iter()
        .map(|c| c.iter().map(name).collect::<Vec<_>>().join(" -> "))
        .collect();
    assert!(shown.is_empty(), "import circles: {shown:#?}");
}

#[test]
fn the_layout_check_sees_imports_and_circles() {
    // The checker itself: a grouped `use`, a `super::` path and a circle.
    let paths = paths_in(
        "use crate::http::{error::ApiError, state::AppState};\nfn f() { super::dto::x(); }",
    );
    assert!(paths.contains(&vec![
        "crate".into(),
        "http".into(),
        "error".into(),
        "ApiError".into()
    ]));
    assert!(paths.contains(&vec![
        "crate".into(),
        "http".into(),
        "state".into(),
        "AppState".into()
    ]));
    assert!(paths.contains(&vec!["super".into(), "dto".into(), "x".into()]));
    let a: ModPath = vec!["a".into()];
    let b: ModPath = vec!["b".into()];
    let two_files = BTreeMap::from([
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([a.clone()])),
    ]);
    assert_eq!(circles(&two_files).len(), 1);
    let (source, graph) = graph();
    assert!(
        source.modules.len() > 50,
        "the checker reads the crate's files"
    );
    let cart_scope: ModPath = vec!["cart".into(), "scope".into()];
    let identity: ModPath = vec!["http".into(), "identity".into()];
    assert!(
        graph[&cart_scope].contains(&identity),
        "cart/scope.rs uses the identity extractors"
    );
}

/// Strongly connected groups of more than one file (Tarjan).
fn circles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct State<'a> {
        graph: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        next: usize,
        found: Vec<Vec<ModPath>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a ModPath) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let Some((w, _)) = s.graph.get_key_value(w) else {
                continue;
            };
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                group.push(w.clone());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                s.found.push(group);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.found
}
