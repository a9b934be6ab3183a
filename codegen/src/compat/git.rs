//! Reads the `.rs` files of an API tree as they are at a git revision, straight from the object store (`git ls-tree`, `git cat-file --batch`), without touching the working tree or the index.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use kapi_frontend::universe::SourceTree;

/// The most bytes read from a revision's tree: a bound on memory for a tree far larger than
/// any API tree.
const MAX_TREE_BYTES: u64 = 512 << 20;

/// Runs git in `dir` and returns its standard output, or a message naming the command.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!("`git {}` failed: {}", args.join(" "), err.trim()));
    }
    String::from_utf8(out.stdout).map_err(|_| format!("`git {}` printed bytes that are not UTF-8", args.join(" ")))
}

/// The `.rs` files under `root` (a directory inside a git work tree) as they are at `rev`.
/// The files are named `<rev>:<path from the repository's top>`, so messages about them say
/// which tree they come from.
pub fn tree_at(root: &Path, rev: &str) -> Result<SourceTree, String> {
    if rev.is_empty() || rev.starts_with('-') {
        return Err(format!("`{rev}` is not a revision; pass a branch, tag or commit, e.g. `--against origin/main`"));
    }
    let top = git(root, &["rev-parse", "--show-toplevel"])
        .map_err(|e| format!("{} is not inside a git repository ({e}); use `--against-dir`", root.display()))?;
    let top = PathBuf::from(top.trim_end_matches('\n'));
    let prefix = git(root, &["rev-parse", "--show-prefix"])?;
    let prefix = prefix.trim_end_matches('\n').trim_end_matches('/').to_owned();
    let commit = git(&top, &["rev-parse", "--verify", "--quiet", "--end-of-options", &format!("{rev}^{{commit}}")])
        .map_err(|_| format!("`{rev}` names no commit in {}", top.display()))?;
    let commit = commit.trim().to_owned();
    let mut args = vec!["ls-tree", "-r", "-z", "--full-tree", commit.as_str()];
    if !prefix.is_empty() {
        args.extend(["--", prefix.as_str()]);
    }
    let listing = git(&top, &args)?;
    // `<mode> <type> <object>\t<path>`, NUL-terminated.
    let mut wanted: Vec<(String, String)> = Vec::new();
    for entry in listing.split('\0').filter(|e| !e.is_empty()) {
        let Some((meta, path)) = entry.split_once('\t') else { continue };
        let mut parts = meta.split(' ');
        let (_, kind, object) = (parts.next(), parts.next(), parts.next());
        if kind == Some("blob") && path.ends_with(".rs") {
            wanted.push((object.unwrap_or_default().to_owned(), path.to_owned()));
        }
    }
    let contents = read_blobs(&top, wanted.iter().map(|(o, _)| o.as_str()))?;
    let virtual_root = |rel: &str| PathBuf::from(format!("{rev}:{rel}"));
    let root_path = virtual_root(&prefix);
    let mut tree = SourceTree { root: root_path.clone(), ..SourceTree::default() };
    for ((_, path), bytes) in wanted.iter().zip(contents) {
        let rel = path.strip_prefix(&prefix).map(|r| r.trim_start_matches('/')).unwrap_or(path);
        let file = root_path.join(rel);
        match String::from_utf8(bytes) {
            Ok(text) if kapi_frontend::universe::is_generated(&text) => {}
            Ok(text) => tree.sources.push((file, text)),
            Err(_) => tree
                .diagnostics
                .push(kapi_frontend::diagnostics::Diagnostic::global(format!("{} is not UTF-8", file.display()))),
        }
    }
    tree.sources.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(tree)
}

/// The contents of the blobs, in order, through one `git cat-file --batch`.
fn read_blobs<'a>(top: &Path, objects: impl Iterator<Item = &'a str>) -> Result<Vec<Vec<u8>>, String> {
    let request: String = objects.map(|o| format!("{o}\n")).collect();
    let count = request.lines().count();
    let mut child = Command::new("git")
        .arg("-C")
        .arg(top)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run git: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("git cat-file has no standard input")?;
    // Written from another thread: git answers while it reads, and a full pipe each way would
    // leave both waiting.
    let writer = std::thread::spawn(move || stdin.write_all(request.as_bytes()));
    let stdout = child.stdout.take().ok_or("git cat-file has no standard output")?;
    let mut reader = BufReader::new(stdout);
    let mut out = Vec::with_capacity(count);
    let mut total = 0u64;
    let mut header = String::new();
    for _ in 0..count {
        header.clear();
        reader.read_line(&mut header).map_err(|e| format!("reading from git cat-file: {e}"))?;
        // `<object> blob <size>`
        let size: u64 = header
            .split_whitespace()
            .nth(2)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("git cat-file answered `{}`", header.trim()))?;
        total += size;
        if total > MAX_TREE_BYTES {
            let _ = child.kill();
            return Err(format!(
                "the tree at the revision holds more than {} MiB of `.rs` files",
                MAX_TREE_BYTES >> 20
            ));
        }
        let mut blob = vec![0; usize::try_from(size).map_err(|_| "a blob too large for memory")?];
        reader.read_exact(&mut blob).map_err(|e| format!("reading from git cat-file: {e}"))?;
        let mut newline = [0u8; 1];
        reader.read_exact(&mut newline).map_err(|e| format!("reading from git cat-file: {e}"))?;
        out.push(blob);
    }
    drop(reader);
    let _ = writer.join();
    let status = child.wait().map_err(|e| format!("waiting for git cat-file: {e}"))?;
    if !status.success() {
        return Err("git cat-file failed".to_owned());
    }
    Ok(out)
}
