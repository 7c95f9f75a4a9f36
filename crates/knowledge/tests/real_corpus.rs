//! A real corpus a package ships: the Debian Reference (`debian-reference-en`, HTML chapters in
//! `/usr/share/debian-reference`). Indexing succeeds and questions written here land in the
//! chapter that answers them. Skipped with a note where the package is absent, unless
//! `SLUICE_REQUIRE_CORPUS` is set (`.ci/run` installs the package and sets it).

use std::path::Path;

use knowledge::{Library, LibraryLimits, Scope, collections_in};

const CORPUS: &str = "/usr/share/debian-reference";

#[test]
fn the_debian_reference_is_indexed_and_questions_land_in_the_right_chapter() {
    if !Path::new(CORPUS).join("ch01.en.html").exists() {
        assert!(
            std::env::var_os("SLUICE_REQUIRE_CORPUS").is_none(),
            "SLUICE_REQUIRE_CORPUS is set but {CORPUS} is missing (apt-get install debian-reference-en)"
        );
        eprintln!(
            "{CORPUS} is absent: the real-corpus test is skipped (apt-get install debian-reference-en)"
        );
        return;
    }
    let data = std::env::temp_dir().join(format!("sluice-dref-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let library = Library::open(
        &data,
        collections_in(Path::new(CORPUS)).unwrap(),
        LibraryLimits::default(),
    )
    .expect("the corpus indexes");
    let documents: usize = library.collections().iter().map(|c| c.documents).sum();
    assert!(documents >= 12, "{documents} documents");
    for (question, chapter) in [
        (
            "How do I change the default text editor?",
            "GNU/Linux tutorials",
        ),
        (
            "How do I remove packages that are no longer needed?",
            "package management",
        ),
        (
            "How do I configure GRUB, the boot loader?",
            "system initialization",
        ),
        (
            "How do I set a static IP address for a network interface?",
            "Network setup",
        ),
        ("How should I back up my data?", "Data management"),
    ] {
        let hits = library.search(question, &Scope::default(), 3, 3_000);
        assert!(
            hits.iter()
                .take(2)
                .any(|h| h.document_title.contains(chapter)),
            "{question}: {:?}",
            hits.iter().map(|h| &h.document_title).collect::<Vec<_>>()
        );
    }
    let _ = std::fs::remove_dir_all(&data);
}
