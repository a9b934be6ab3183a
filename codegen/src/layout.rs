//! Where each generated file goes: a package's files under the output folder of the crate whose `src/` holds it, what spans the tree under `--out`, and what `--place` sends to another crate.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kapi_frontend::universe::{is_build_output, split_package};

use crate::{Outputs, Universe};

/// The folders the files of one run are written under. The generators name each file by a path
/// of the output tree (`apps/v1/conversions.rs`, `clientset.rs`); the layout picks the folder it
/// is written under, keeping that path below it:
///
/// - a package of a crate inside the tree (kapi-api's parts: `workloads/src/apps/v1` under the
///   root `api`) goes under that crate's own folder of the same name as `--out`
///   (`api/workloads/generated/apps/v1/…`), so each crate packages everything it compiles;
/// - a file or folder named by a place (`clientset.rs` → `client/generated`) goes under its folder,
///   for what another crate compiles;
/// - everything else (the packages of the root's own crate, what spans the tree) under `--out`.
#[derive(Debug, Clone)]
pub struct Layout {
    out: PathBuf,
    places: Vec<(PathBuf, PathBuf)>,
    /// The output folder of each package of a crate inside the tree, by module path.
    packages: BTreeMap<PathBuf, PathBuf>,
}

impl Layout {
    /// The layout of a tree whose universe is loaded.
    pub fn new(u: &Universe, out: &Path, places: &[(PathBuf, PathBuf)]) -> Result<Layout, String> {
        let packages = u.packages.values().map(|p| (p.krate.clone(), p.rel.clone()));
        Layout::build(&u.root, out, places, packages)
    }

    /// The layout of the tree at `root`, from where its packages' `mod.rs` files are (nothing is
    /// parsed).
    pub fn read(root: &Path, out: &Path, places: &[(PathBuf, PathBuf)]) -> Result<Layout, String> {
        let mods = walkdir::WalkDir::new(root)
            .into_iter()
            .filter_entry(|e| !is_build_output(e))
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file() && e.file_name() == "mod.rs")
            .map(|e| split_package(root, e.path().parent().unwrap_or(root)))
            .collect::<Vec<_>>();
        Layout::build(root, out, places, mods.into_iter())
    }

    fn build(
        root: &Path,
        out: &Path,
        places: &[(PathBuf, PathBuf)],
        packages: impl Iterator<Item = (PathBuf, PathBuf)>,
    ) -> Result<Layout, String> {
        let name = out.file_name().map_or_else(|| PathBuf::from("generated"), PathBuf::from);
        let packages: BTreeMap<PathBuf, PathBuf> = packages
            .filter(|(krate, _)| !krate.as_os_str().is_empty())
            .map(|(krate, rel)| (rel, root.join(krate).join(&name)))
            .collect();
        let layout = Layout { out: out.to_path_buf(), places: places.to_vec(), packages };
        // A folder inside another would have its files taken for the outer one's stale files.
        let folders = layout.folders();
        for a in &folders {
            for b in &folders {
                if a != b && b.starts_with(a) {
                    return Err(format!(
                        "{} is inside {}: generated files go to folders apart from each other",
                        b.display(),
                        a.display()
                    ));
                }
            }
        }
        Ok(layout)
    }

    /// Every folder files may be written under, in order.
    pub fn folders(&self) -> Vec<PathBuf> {
        let mut all: Vec<PathBuf> = std::iter::once(self.out.clone())
            .chain(self.places.iter().map(|(_, d)| d.clone()))
            .chain(self.packages.values().cloned())
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The folder a file of the output tree is written under.
    pub fn folder_of(&self, file: &Path) -> &Path {
        if let Some((_, dir)) = self.places.iter().find(|(p, _)| file.starts_with(p)) {
            return dir;
        }
        file.ancestors().skip(1).find_map(|a| self.packages.get(a)).unwrap_or(&self.out)
    }

    /// Where a file of the output tree is written.
    pub fn path_of(&self, file: &Path) -> PathBuf {
        self.folder_of(file).join(file)
    }

    /// The outputs by the folder they are written under; every folder of the layout is there,
    /// without files when none go to it, so that a full run finds the stale files in each.
    pub fn split(&self, outputs: Outputs) -> BTreeMap<PathBuf, Outputs> {
        let mut by_folder: BTreeMap<PathBuf, Outputs> =
            self.folders().into_iter().map(|f| (f, Outputs::new())).collect();
        for (file, text) in outputs {
            let folder = self.folder_of(&file).to_path_buf();
            by_folder.entry(folder).or_default().insert(file, text);
        }
        by_folder
    }
}

/// Parses `--place PATH=DIR`.
pub fn parse_place(s: &str) -> Result<(PathBuf, PathBuf), String> {
    match s.split_once('=') {
        Some((path, dir)) if !path.is_empty() && !dir.is_empty() => Ok((PathBuf::from(path), PathBuf::from(dir))),
        _ => Err(format!("`{s}` is not PATH=DIR (a file or folder of the output tree, and where it goes)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(places: &[(&str, &str)]) -> Result<Layout, String> {
        let places: Vec<_> = places.iter().map(|(p, d)| (PathBuf::from(p), PathBuf::from(d))).collect();
        let packages = [("base", "core"), ("base", "core/v1"), ("workloads", "apps/v1"), ("", "printers")]
            .into_iter()
            .map(|(k, r)| (PathBuf::from(k), PathBuf::from(r)));
        Layout::build(Path::new("api"), Path::new("api/generated"), &places, packages)
    }

    #[test]
    fn a_package_of_a_crate_inside_the_tree_goes_to_that_crate() {
        let l = layout(&[]).unwrap();
        assert_eq!(
            l.path_of(Path::new("core/v1/conversions.rs")),
            Path::new("api/base/generated/core/v1/conversions.rs")
        );
        assert_eq!(l.path_of(Path::new("core/register.rs")), Path::new("api/base/generated/core/register.rs"));
        assert_eq!(l.path_of(Path::new("apps/v1/mod.rs")), Path::new("api/workloads/generated/apps/v1/mod.rs"));
        // The root's own crate, and what spans the tree.
        assert_eq!(l.path_of(Path::new("printers/mod.rs")), Path::new("api/generated/printers/mod.rs"));
        assert_eq!(l.path_of(Path::new("resources.rs")), Path::new("api/generated/resources.rs"));
    }

    #[test]
    fn a_place_sends_a_file_or_folder_to_another_crate() {
        let l = layout(&[("clientset.rs", "client/generated"), ("openapi", "testing/generated")]).unwrap();
        assert_eq!(l.path_of(Path::new("clientset.rs")), Path::new("client/generated/clientset.rs"));
        assert_eq!(
            l.path_of(Path::new("openapi/v3/api__v1.json")),
            Path::new("testing/generated/openapi/v3/api__v1.json")
        );
        let mut outputs = Outputs::new();
        outputs.insert(PathBuf::from("clientset.rs"), String::new());
        let split = l.split(outputs);
        assert_eq!(split.len(), 5, "every folder, with files or not: {:?}", split.keys());
        assert_eq!(split[Path::new("client/generated")].len(), 1);
        assert!(split[Path::new("testing/generated")].is_empty());
    }

    #[test]
    fn folders_inside_each_other_are_refused() {
        let err = layout(&[("clientset.rs", "api/generated/client")]).unwrap_err();
        assert!(err.contains("api/generated/client is inside api/generated"), "{err}");
        assert!(parse_place("clientset.rs").is_err());
        assert_eq!(parse_place("a=b").unwrap(), (PathBuf::from("a"), PathBuf::from("b")));
    }
}
