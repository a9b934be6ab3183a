//! `kapi-codegen`: the generator's command line.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use kapi_codegen::{Generated, SourceTree, Universe};

#[derive(Parser)]
#[command(name = "kapi-codegen", version, about = "Reads kapi API type definitions and checks or generates code")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The tree to read, the same way for every command.
#[derive(Args)]
struct Tree {
    /// The API tree to read.
    #[arg(long, default_value = "api")]
    root: PathBuf,
    /// The API tree to read (the same as `--root`, kept for scripts that pass it positionally).
    #[arg(value_name = "ROOT", conflicts_with = "root")]
    positional_root: Option<PathBuf>,
}

impl Tree {
    fn root(&self) -> PathBuf {
        self.positional_root.clone().unwrap_or_else(|| self.root.clone())
    }
}

/// How the generators run, the same way for `check` and `generate`.
#[derive(Args)]
struct Threads {
    /// How many threads run the generators (each builds its own model of the tree); the output is
    /// the same for any number. Default: every core.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Print to standard error how long each thread took to read the tree and each generator (or
    /// part of one) took, and on which thread.
    #[arg(long)]
    timings: bool,
}

impl Threads {
    fn count(&self) -> usize {
        self.jobs.map_or_else(kapi_codegen::default_threads, usize::from)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Reads every type definition under the tree and runs every generator without writing
    /// anything: reports every problem `generate` would, rustc-style.
    Check {
        #[command(flatten)]
        tree: Tree,
        #[command(flatten)]
        threads: Threads,
    },
    /// Runs the generators over the API tree and writes (or verifies) the output tree.
    Generate {
        #[command(flatten)]
        tree: Tree,
        /// Where generated files go. A tree that holds several crates, each with its `src/`
        /// (kapi-api's parts), has each package's files go to its crate's own folder named as
        /// this one's last component (`api/workloads/generated/apps/v1/…`); what spans the tree
        /// goes here.
        #[arg(long, default_value = "generated")]
        out: PathBuf,
        /// Send a file or folder of the output tree to another folder, for the crate that
        /// compiles it: `--place clientset.rs=client/generated`. May be repeated.
        #[arg(long, value_name = "PATH=DIR", value_parser = kapi_codegen::layout::parse_place)]
        place: Vec<(PathBuf, PathBuf)>,
        /// Write nothing: print a unified diff for every stale or missing file and every generated
        /// file that no longer has a source, and exit 1 if there is any.
        #[arg(long)]
        verify_only: bool,
        /// Run only these generators (comma-separated). Such a run writes their files and leaves
        /// every other file alone: generated files without a source are removed by a full run.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        #[command(flatten)]
        threads: Threads,
    },
    /// Compares the API tree with an earlier one (a git revision or a directory) and reports every
    /// change that breaks clients: errors for beta and stable versions, warnings for alpha ones.
    /// Exits 1 when there is an error.
    Compat {
        #[command(flatten)]
        tree: Tree,
        /// The git revision to compare with (`origin/main`, a tag, a commit); its files are read
        /// from git's object store, the working tree is not touched.
        #[arg(long, required_unless_present = "against_dir", conflicts_with = "against_dir")]
        against: Option<String>,
        /// The earlier tree, as a directory (the same layout as `--root`).
        #[arg(long)]
        against_dir: Option<PathBuf>,
        /// The allow file listing deliberate breaks. Default: `compat-allow.txt` at the root of
        /// the tree, if there is one.
        #[arg(long)]
        allow: Option<PathBuf>,
        /// `text` (rustc-style, on standard error) or `json` (an array on standard output).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Starts a new API crate in DIR: a `Cargo.toml` with the features the generated code uses,
    /// one version of a group with one custom resource kind (a spec with a default, a validation
    /// tag and a CEL rule, a status, a list), `hack/update-codegen.sh` and
    /// `hack/verify-codegen.sh`; then generates its code. DIR must be empty or not exist.
    Init {
        /// The crate's directory.
        dir: PathBuf,
        /// The API group, a DNS name with a dot (`widgets.example.com`).
        #[arg(long)]
        group: String,
        /// The first version (`v1alpha1`, `v1beta1`, `v1`).
        #[arg(long)]
        version: String,
        /// The kind (`Widget`).
        #[arg(long)]
        kind: String,
        /// The package name. Default: the directory's name.
        #[arg(long)]
        name: Option<String>,
        /// A checkout of kapi to depend on by path, instead of the registry's versions.
        #[arg(long)]
        kapi_path: Option<PathBuf>,
    },
    /// Prints the `CustomResourceDefinition` of every kind marked `+crd` as one YAML stream, for
    /// `kubectl apply -f -` (the same definitions `generate` writes under `crds/`).
    Crd {
        #[command(flatten)]
        tree: Tree,
        /// Write the stream to this file instead of standard output.
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
}

/// How `compat` prints its findings.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

// The generator makes and drops millions of small syntax-tree values; with glibc's allocator that
// was a third of its time (README, "Dependencies of the generator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let worker = std::thread::Builder::new().name("kapi-codegen".into()).stack_size(kapi_codegen::STACK_BYTES).spawn(
        move || match cli.command {
            Command::Check { tree, threads } => check(tree.root(), &threads),
            Command::Generate { tree, out, place, verify_only, only, threads } => {
                generate(tree.root(), out, &place, verify_only, &only, &threads)
            }
            Command::Crd { tree, output } => crd(tree.root(), output),
            Command::Init { dir, group, version, kind, name, kapi_path } => {
                init(dir, group, version, kind, name, kapi_path)
            }
            Command::Compat { tree, against, against_dir, allow, format } => {
                compat(tree.root(), against, against_dir, allow, format)
            }
        },
    );
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => ExitCode::from(101),
        Err(e) => {
            eprintln!("error: cannot start the generator's thread: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reads the tree and runs the generators over it on the threads asked for.
fn run(root: &std::path::Path, only: &[String], threads: &Threads) -> Result<Generated, ExitCode> {
    if !root.is_dir() {
        eprintln!("error: {} is not a directory", root.display());
        return Err(ExitCode::from(2));
    }
    let started = Instant::now();
    let tree = SourceTree::read(root);
    let read = started.elapsed();
    let generated = kapi_codegen::generate_parallel(&tree, threads.count(), only);
    if threads.timings {
        eprintln!("timing: reading {} files took {read:.1?}", tree.sources.len());
        let mut per_thread = std::collections::BTreeMap::new();
        for t in &generated.timings {
            let cpu = t.cpu.map(|c| format!(", {c:.1?} on a core")).unwrap_or_default();
            eprintln!("timing: thread {}: {} took {:.1?}{cpu}", t.thread, t.what, t.took);
            if let Some(c) = t.cpu {
                *per_thread.entry(t.thread).or_insert(std::time::Duration::ZERO) += c;
            }
        }
        for (thread, cpu) in per_thread {
            eprintln!("timing: thread {thread} ran {cpu:.1?} on a core in all");
        }
        eprintln!("timing: reading and generating took {:.1?} in all", started.elapsed());
    }
    Ok(generated)
}

fn check(root: PathBuf, threads: &Threads) -> ExitCode {
    let Generated { universe: u, result, .. } = match run(&root, &[], threads) {
        Ok(g) => g,
        Err(code) => return code,
    };
    match result {
        Ok(_) => {
            println!("checked {} types in {} files under {}", u.types.len(), u.files.len(), root.display());
            ExitCode::SUCCESS
        }
        Err(diagnostics) => {
            eprint!("{}", u.render(&diagnostics));
            eprintln!("error: {} problem(s) found", diagnostics.len());
            ExitCode::FAILURE
        }
    }
}

fn crd(root: PathBuf, output: Option<PathBuf>) -> ExitCode {
    if !root.is_dir() {
        eprintln!("error: {} is not a directory", root.display());
        return ExitCode::from(2);
    }
    let u = Universe::load(&root);
    let mut diagnostics = u.diagnostics.clone();
    let definitions = kapi_codegen::emit::crd::definitions(&u, &mut diagnostics);
    if !diagnostics.is_empty() {
        eprint!("{}", u.render(&diagnostics));
        eprintln!("error: {} problem(s) found", diagnostics.len());
        return ExitCode::FAILURE;
    }
    if definitions.is_empty() {
        eprintln!("error: no kind under {} is marked `+crd`", root.display());
        return ExitCode::FAILURE;
    }
    let stream = definitions.iter().map(|(_, yaml)| yaml.as_str()).collect::<Vec<_>>().join("---\n");
    match output {
        None => {
            print!("{stream}");
            ExitCode::SUCCESS
        }
        Some(path) => match std::fs::write(&path, stream) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: writing {}: {e}", path.display());
                ExitCode::from(2)
            }
        },
    }
}

fn generate(
    root: PathBuf,
    out: PathBuf,
    places: &[(PathBuf, PathBuf)],
    verify_only: bool,
    only: &[String],
    threads: &Threads,
) -> ExitCode {
    let started = Instant::now();
    let Generated { universe: u, result, .. } = match run(&root, only, threads) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let layout = match kapi_codegen::Layout::new(&u, &out, places) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let outputs = match result.and_then(|o| {
        let mut missing = kapi_codegen::emit::check_included(&u, &layout, &o);
        // A partial run's `mod.rs` files are not written, so only a full run can tell.
        if only.is_empty() {
            missing.extend(kapi_codegen::cargo_features::missing(&u, &root, &o));
        }
        if missing.is_empty() { Ok(o) } else { Err(missing) }
    }) {
        Ok(o) => o,
        Err(diagnostics) => {
            eprint!("{}", u.render(&diagnostics));
            eprintln!("error: {} problem(s) found; nothing was written", diagnostics.len());
            return ExitCode::FAILURE;
        }
    };
    // Every folder is compared before any is written, so a problem reading one writes nothing.
    let comparing = Instant::now();
    let total = outputs.len();
    let mut folders = Vec::new();
    for (folder, files) in layout.split(outputs) {
        let changes = match kapi_codegen::output::compare(&folder, &files) {
            // A run of some generators produces only their files: every other generated file would
            // look stale, so a partial run removes and reports none (a full run does).
            Ok(c) if !only.is_empty() => kapi_codegen::output::Changes { stale: Vec::new(), ..c },
            Ok(c) => c,
            Err(e) => {
                eprintln!("error: reading {}: {e}", folder.display());
                return ExitCode::from(2);
            }
        };
        folders.push((folder, files, changes));
    }
    if threads.timings {
        eprintln!("timing: comparing with {} folders took {:.1?}", folders.len(), comparing.elapsed());
    }
    let (changed, removed) = folders
        .iter()
        .fold((0, 0), |(c, r), (_, _, ch)| (c + ch.changed.len(), r + ch.stale.len() + ch.temporaries.len()));
    if verify_only {
        for (folder, _, changes) in &folders {
            for (_, diff) in &changes.changed {
                print!("{diff}");
            }
            for stale in &changes.stale {
                println!("stale: {} has no source any more", folder.join(stale).display());
            }
            for tmp in &changes.temporaries {
                println!("stale: {} was left by an interrupted run", folder.join(tmp).display());
            }
        }
        if changed + removed == 0 {
            println!("{total} generated files are up to date ({:.0?})", started.elapsed());
            return ExitCode::SUCCESS;
        }
        eprintln!("error: generated code is out of date; run hack/update-codegen.sh and commit the result");
        return ExitCode::FAILURE;
    }
    for (folder, files, changes) in &folders {
        if let Err(e) = kapi_codegen::output::apply(folder, files, changes) {
            eprintln!("error: writing {}: {e}", folder.display());
            return ExitCode::from(2);
        }
    }
    println!(
        "{} generated files: {} written, {} removed, {} unchanged ({:.0?})",
        total,
        changed,
        removed,
        total - changed,
        started.elapsed()
    );
    ExitCode::SUCCESS
}

fn init(
    dir: PathBuf,
    group: String,
    version: String,
    kind: String,
    name: Option<String>,
    kapi_path: Option<PathBuf>,
) -> ExitCode {
    // `.` and the like name the directory they resolve to.
    let resolved = std::fs::canonicalize(&dir).or_else(|_| std::path::absolute(&dir)).unwrap_or_else(|_| dir.clone());
    let name =
        name.unwrap_or_else(|| resolved.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
    let options = kapi_codegen::init::InitOptions { name, group, version, kind, kapi_path };
    if let Err(e) = options.validate() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    if std::fs::read_dir(&dir).is_ok_and(|mut entries| entries.next().is_some()) {
        eprintln!("error: {} is not empty; `init` writes only into an empty or new directory", dir.display());
        return ExitCode::from(2);
    }
    for (rel, text) in kapi_codegen::init::files(&options) {
        let path = dir.join(&rel);
        let written = path.parent().map_or(Ok(()), std::fs::create_dir_all).and_then(|()| std::fs::write(&path, text));
        if let Err(e) = written {
            eprintln!("error: writing {}: {e}", path.display());
            return ExitCode::from(2);
        }
        #[cfg(unix)]
        if rel.extension().is_some_and(|e| e == "sh") {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755));
        }
    }
    println!("wrote a new API crate in {}; generating its code", dir.display());
    let threads = Threads { jobs: None, timings: false };
    generate(dir.join("src"), dir.join("generated"), &[], false, &[], &threads)
}

fn compat(
    root: PathBuf,
    against: Option<String>,
    against_dir: Option<PathBuf>,
    allow: Option<PathBuf>,
    format: Format,
) -> ExitCode {
    use kapi_codegen::compat;
    if !root.is_dir() {
        eprintln!("error: {} is not a directory", root.display());
        return ExitCode::from(2);
    }
    let started = Instant::now();
    let base_tree = match (&against, &against_dir) {
        (Some(rev), _) => match compat::git::tree_at(&root, rev) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        },
        (None, Some(dir)) if dir.is_dir() => SourceTree::read(dir),
        (None, Some(dir)) => {
            eprintln!("error: {} is not a directory", dir.display());
            return ExitCode::from(2);
        }
        (None, None) => {
            eprintln!("error: name the earlier tree with `--against <revision>` or `--against-dir <dir>`");
            return ExitCode::from(2);
        }
    };
    let (allow_path, explicit) = match allow {
        Some(p) => (p, true),
        None => (root.join(compat::allow::DEFAULT_FILE), false),
    };
    let allow_text = match std::fs::read_to_string(&allow_path) {
        Ok(t) => Some(t),
        Err(e) if !explicit && e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            eprintln!("error: reading {}: {e}", allow_path.display());
            return ExitCode::from(2);
        }
    };
    let allow_list = match &allow_text {
        None => compat::AllowList::default(),
        Some(text) => match compat::AllowList::parse(&allow_path, text) {
            Ok(list) => list,
            Err(diagnostics) => {
                eprint!("{}", kapi_frontend_render(&diagnostics, &allow_path, text));
                eprintln!("error: {} problem(s) in {}", diagnostics.len(), allow_path.display());
                return ExitCode::from(2);
            }
        },
    };
    let head_tree = SourceTree::read(&root);
    // Both on this thread: syntax trees cannot cross threads, and spans index this thread's map.
    let base = Universe::from_tree(&base_tree);
    let head = Universe::from_tree(&head_tree);
    if !head.diagnostics.is_empty() {
        eprint!("{}", head.render(&head.diagnostics));
        eprintln!(
            "error: {} problem(s) in {}; `compat` compares trees that `check` accepts",
            head.diagnostics.len(),
            root.display()
        );
        return ExitCode::FAILURE;
    }
    if !base.diagnostics.is_empty() {
        eprintln!(
            "warning: the earlier tree has {} problem(s) of its own (`check` would report them); types it could not read are compared as absent",
            base.diagnostics.len()
        );
    }
    let outcome = compat::apply_allow(compat::compare(&base, &head), &allow_list);
    match format {
        Format::Json => print!("{}", compat::render_json(&outcome.findings)),
        Format::Text => {
            let extra: Vec<(&std::path::Path, &str)> =
                allow_text.as_deref().map(|t| (allow_path.as_path(), t)).into_iter().collect();
            eprint!("{}", compat::render_text(&outcome.findings, &base, &head, &extra));
        }
    }
    let against_name = against.unwrap_or_else(|| against_dir.map(|d| d.display().to_string()).unwrap_or_default());
    eprintln!(
        "compat: {} ({} types) against {} ({} types): {} error(s), {} warning(s), {} allowed ({:.0?})",
        root.display(),
        head.types.len(),
        against_name,
        base.types.len(),
        outcome.errors(),
        outcome.warnings(),
        outcome.allowed,
        started.elapsed()
    );
    if outcome.errors() > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// Renders diagnostics about one file whose text is at hand.
fn kapi_frontend_render(diagnostics: &[kapi_codegen::Diagnostic], path: &std::path::Path, text: &str) -> String {
    kapi_frontend::diagnostics::render_all(diagnostics, |p| (p == path).then_some(text))
}
