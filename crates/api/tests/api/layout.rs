//! The layout rule of `crates/api` (docs/architecture.md §1, decisions D86
//! and D101), checked on the source itself the way the web's ESLint
//! boundary rule checks features. Three floors:
//!
//! 1. The kernel (`http/`, `platform/`, `read_model/`) imports neither the
//!    engine nor a capability; inside it `platform/` imports no other kernel
//!    folder and `read_model/` only `platform/`.
//! 2. The commerce engine (`commerce/`) imports only the kernel.
//! 3. A capability (every other folder) imports the kernel, the engine and
//!    itself, never another capability; the composition root (`lib.rs`)
//!    wires them together.
//!
//! Besides: only a capability's own routes and its `mod.rs` (its router)
//! name a `routes` module; a staff or admin operation (a path under
//! `/staff` or `/admin`) lives in its capability's `routes/staff/`; no two
//! files, and no two folders at any level, import each other in a circle.
//!
//! Imports are read from `use` trees and inline `crate::…`/`super::…` paths
//! (comments and `#[cfg(test)]` modules left out) and resolved to the deepest
//! module file that exists, so `crate::commerce::cart::dto::CartDto` is an
//! arrow to `commerce/cart/dto.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The kernel's folders, lowest first: each may import the ones before it.
const KERNEL: [&str; 3] = ["platform", "read_model", "http"];
/// The commerce engine's folder.
const ENGINE: &str = "commerce";

/// Which floor a module stands on.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Floor {
    /// The composition root, `lib.rs`.
    Root,
    /// A kernel folder, by its place in [`KERNEL`].
    Kernel(usize),
    Engine,
    Capability(String),
}

fn floor_of(module: &ModPath) -> Floor {
    match module.first().map(String::as_str) {
        None => Floor::Root,
        Some(ENGINE) => Floor::Engine,
        Some(top) => match KERNEL.iter().position(|k| *k == top) {
            Some(i) => Floor::Kernel(i),
            None => Floor::Capability(top.to_owned()),
        },
    }
}

/// Why an import from `from` to `to` breaks the floors, if it does.
fn floor_violation(from: &ModPath, to: &ModPath) -> Option<&'static str> {
    match (floor_of(from), floor_of(to)) {
        (_, Floor::Root) => Some("imports the composition root"),
        (Floor::Kernel(a), Floor::Kernel(b)) if b > a => Some("imports a higher kernel folder"),
        (Floor::Kernel(_), Floor::Engine) => Some("kernel imports the engine"),
        (Floor::Kernel(_), Floor::Capability(_)) => Some("kernel imports a capability"),
        (Floor::Engine, Floor::Capability(_)) => Some("engine imports a capability"),
        (Floor::Capability(a), Floor::Capability(b)) if a != b => {
            Some("capability imports another capability")
        }
        _ => None,
    }
}

/// Every import that breaks the floors, as `from imports to (why)`.
fn floor_violations(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<String> {
    let mut broken = Vec::new();
    for (from, targets) in graph {
        for to in targets {
            if let Some(why) = floor_violation(from, to) {
                broken.push(format!("{} imports {} ({why})", name(from), name(to)));
            }
        }
    }
    broken
}

/// Circles between folders, at every level: for each folder, an arrow runs
/// from one of its entries (a sub-folder or file) to another when a module
/// under the first imports a module under the second.
fn folder_circles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<String> {
    let mut folders: BTreeSet<ModPath> = BTreeSet::new();
    for m in graph.keys() {
        for n in 0..m.len() {
            folders.insert(m[..n].to_vec());
        }
    }
    let mut found = Vec::new();
    for folder in folders {
        let depth = folder.len();
        let entry = |m: &ModPath| -> Option<ModPath> {
            (m.len() > depth && m[..depth] == folder[..]).then(|| m[..=depth].to_vec())
        };
        let mut level: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
        for (from, targets) in graph {
            let Some(a) = entry(from) else { continue };
            for to in targets {
                if let Some(b) = entry(to).filter(|b| *b != a) {
                    level.entry(a.clone()).or_default().insert(b.clone());
                    level.entry(b).or_default();
                }
            }
        }
        for c in circles(&level) {
            found.push(c.iter().map(name).collect::<Vec<_>>().join(" <-> "));
        }
    }
    found
}

/// Staff and admin operations outside their capability's `routes/staff/`,
/// and files there that are not staff operations.
fn misplaced_staff_routes(source: &Source) -> Vec<String> {
    let mut broken = Vec::new();
    for (module, path) in &source.modules {
        let text = code_only(&std::fs::read_to_string(path).unwrap());
        let staff_paths = text
            .match_indices("path = \"")
            .filter(|(i, _)| {
                let rest = &text[i + 8..];
                rest.starts_with("/staff/") || rest.starts_with("/admin/")
            })
            .count();
        let in_staff_folder = module.len() >= 3
            && module[1] == "routes"
            && module[2] == "staff"
            && floor_of(module) != Floor::Engine;
        if staff_paths > 0 && !in_staff_folder {
            broken.push(format!(
                "{} declares a staff operation outside routes/staff/",
                name(module)
            ));
        }
        let is_mod_rs = path.ends_with("mod.rs");
        if in_staff_folder && !is_mod_rs && staff_paths == 0 {
            broken.push(format!(
                "{} is in routes/staff/ but declares no staff operation",
                name(module)
            ));
        }
    }
    broken
}

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
fn the_kernel_the_engine_and_the_capabilities_import_only_downwards() {
    let (_, graph) = graph();
    let broken = floor_violations(&graph);
    assert!(broken.is_empty(), "imports against the floors: {broken:#?}");
}

#[test]
fn no_two_folders_import_each_other_in_a_circle_at_any_level() {
    let (_, graph) = graph();
    let found = folder_circles(&graph);
    assert!(found.is_empty(), "folder circles: {found:#?}");
}

#[test]
fn staff_operations_live_in_their_capabilitys_routes_staff() {
    let (source, _) = graph();
    let broken = misplaced_staff_routes(&source);
    assert!(broken.is_empty(), "misplaced staff operations: {broken:#?}");
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
    let cart_scope: ModPath = vec!["commerce".into(), "cart".into(), "scope".into()];
    let identity: ModPath = vec!["http".into(), "identity".into()];
    assert!(
        graph[&cart_scope].contains(&identity),
        "commerce/cart/scope.rs uses the identity extractors"
    );
}

#[test]
fn the_floor_and_folder_checks_catch_what_they_forbid() {
    let m = |s: &str| -> ModPath { s.split('/').map(str::to_owned).collect() };
    // A capability importing another, the engine importing a capability, the
    // kernel importing the engine, a lower kernel folder importing a higher.
    let bad = BTreeMap::from([
        (
            m("cart/routes/add_line"),
            BTreeSet::from([m("devices/registry")]),
        ),
        (
            m("commerce/placing/mod"),
            BTreeSet::from([m("orders/routes/mod")]),
        ),
        (m("http/store"), BTreeSet::from([m("commerce/pricing/mod")])),
        (m("platform/oidc"), BTreeSet::from([m("http/error")])),
        (m("devices/registry"), BTreeSet::new()),
        (m("orders/routes/mod"), BTreeSet::new()),
        (m("commerce/pricing/mod"), BTreeSet::new()),
        (m("http/error"), BTreeSet::new()),
    ]);
    let broken = floor_violations(&bad);
    assert_eq!(broken.len(), 4, "{broken:#?}");
    // What is allowed: a capability on the engine and the kernel, the engine
    // on the kernel, a capability on itself.
    let good = BTreeMap::from([
        (
            m("cart/routes/add_line"),
            BTreeSet::from([
                m("commerce/cart/lines"),
                m("http/error"),
                m("cart/routes/mod"),
            ]),
        ),
        (
            m("commerce/cart/lines"),
            BTreeSet::from([m("read_model/snapshot")]),
        ),
        (m("http/error"), BTreeSet::from([m("platform/config")])),
    ]);
    assert!(floor_violations(&good).is_empty());
    // Two folders of the engine importing each other through different files
    // (no file circle) is still a folder circle.
    let ring = BTreeMap::from([
        (
            m("commerce/orders/dto"),
            BTreeSet::from([m("commerce/delivery/dto")]),
        ),
        (m("commerce/delivery/dto"), BTreeSet::new()),
        (
            m("commerce/delivery/finish"),
            BTreeSet::from([m("commerce/orders/emails")]),
        ),
        (m("commerce/orders/emails"), BTreeSet::new()),
    ]);
    assert!(circles(&ring).is_empty(), "no file circle");
    let found = folder_circles(&ring);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("commerce/orders") && found[0].contains("commerce/delivery"));
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
