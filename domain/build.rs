//! Embeds the SQL migrations of both backends in the `domain` crate (see `Db::migrate`), the way
//! `sqlx::migrate!` would: that macro needs sqlx's `macros` feature, which compiles sqlx, both
//! drivers, SQLite's C sources, tokio and rustls a second time for the proc-macro (about 80
//! crates more in a first build).
use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    // Read when the script runs, not when it is compiled: a target directory shared by two
    // checkouts reuses the compiled script, and would read the other checkout's migrations.
    let manifest_dir = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir).join("../migrations");
    let mut out = String::new();
    for backend in ["sqlite", "postgres"] {
        let dir = root.join(backend);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
            .map(|entry| entry.expect("a migration directory entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "sql"))
            .collect();
        files.sort();
        writeln!(
            out,
            "pub const {}: &[(i64, &str, &str)] = &[",
            backend.to_uppercase()
        )
        .unwrap();
        for path in files {
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("a UTF-8 file name");
            // Reversible migrations (`.up.sql`, `.down.sql`) would need their own type here.
            assert!(
                !name.contains('.'),
                "{name}.sql: only simple migrations are embedded"
            );
            // `<version>_<description>.sql`, as sqlx names them: the description's `_` are spaces.
            let (version, description) = name
                .split_once('_')
                .unwrap_or_else(|| panic!("{name}.sql is not <version>_<description>.sql"));
            let version: i64 = version
                .parse()
                .unwrap_or_else(|_| panic!("{name}.sql does not start with a version number"));
            let description = description.replace('_', " ");
            let path = fs::canonicalize(&path).expect("a migration's path");
            writeln!(
                out,
                "    ({version}, {description:?}, include_str!({:?})),",
                path.display()
            )
            .unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    let dest = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("migrations.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("writing {}: {e}", dest.display()));
}
