//! The chat page in a real headless browser (Debian's `chromium` driven through
//! `chromedriver`): each flow asserts what is on the page and saves a screenshot under
//! `target/screenshots/`. Without `/usr/bin/chromedriver` the flows are skipped with a note,
//! unless `SLUICE_REQUIRE_BROWSER` is set (CI installs both packages and sets it).

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use runtime::config::Config;
use serde_json::Value;
use thirtyfour::prelude::*;

use crate::support::{Server, client, start};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// Browsers are heavy on two cores: one flow at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A chromedriver process, killed when dropped (a failing flow included).
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts chromedriver on a free loopback port, or `None` when it is not installed.
async fn chromedriver() -> Option<Driver> {
    if !std::path::Path::new(CHROMEDRIVER).exists() {
        assert!(
            std::env::var_os("SLUICE_REQUIRE_BROWSER").is_none(),
            "SLUICE_REQUIRE_BROWSER is set but {CHROMEDRIVER} is missing"
        );
        eprintln!("{CHROMEDRIVER} is not installed: the browser flows are skipped");
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    for _ in 0..100 {
        if let Ok(r) = client().get(format!("{}/status", driver.url)).send().await
            && r.status().is_success()
        {
            return Some(driver);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not answer on {}", driver.url);
}

/// A headless browser session on `driver`, `width` pixels wide.
async fn browser(driver: &Driver, width: u32) -> WebDriver {
    let mut caps = DesiredCapabilities::chrome();
    caps.set_binary(CHROMIUM).unwrap();
    for arg in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ] {
        caps.add_arg(arg).unwrap();
    }
    let profile = crate::support::fresh_dir("sluice-chromium");
    caps.add_arg(&format!("--user-data-dir={}", profile.display()))
        .unwrap();
    let session = WebDriver::new(&driver.url, caps)
        .await
        .expect("a browser session");
    session.set_window_rect(0, 0, width, 900).await.unwrap();
    session
}

fn server() -> &'static Server {
    static SERVER: std::sync::OnceLock<Server> = std::sync::OnceLock::new();
    SERVER.get_or_init(|| start(Config::default()))
}

async fn wait_for(page: &WebDriver, css: &str) -> WebElement {
    page.query(By::Css(css))
        .wait(Duration::from_secs(30), Duration::from_millis(100))
        .first()
        .await
        .unwrap_or_else(|e| panic!("nothing matches {css}: {e}"))
}

/// Types `message` and sends it with the keyboard.
async fn ask(page: &WebDriver, message: &str) {
    let before = page
        .find_all(By::Css("#messages li.message.assistant"))
        .await
        .unwrap()
        .len();
    let input = wait_for(page, "#message").await;
    input.send_keys(message).await.unwrap();
    input.send_keys(Key::Enter).await.unwrap();
    settled(page, before + 1).await;
}

/// Waits until `count` settled replies are on the page; returns the last.
async fn settled(page: &WebDriver, count: usize) -> WebElement {
    for _ in 0..300 {
        let replies = page
            .find_all(By::Css("#messages li.message.assistant[data-outcome]"))
            .await
            .unwrap();
        if replies.len() >= count {
            let reply = replies.last().unwrap().clone();
            let text = reply.text().await.unwrap();
            for word in ["null", "undefined", "[object"] {
                assert!(!text.contains(word), "the reply shows '{word}': {text}");
            }
            return reply;
        }
        let error = page.find(By::Id("error")).await.unwrap();
        if error.is_displayed().await.unwrap() {
            panic!("the page shows an error: {}", error.text().await.unwrap());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no reply number {count} settled");
}

async fn last_reply(page: &WebDriver) -> WebElement {
    page.find_all(By::Css("#messages li.message.assistant[data-outcome]"))
        .await
        .unwrap()
        .pop()
        .expect("a reply")
}

async fn screenshot(page: &WebDriver, name: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    page.screenshot(&dir.join(format!("{name}.png")))
        .await
        .unwrap();
}

/// The thread the page is on (from its address).
async fn thread_of(page: &WebDriver) -> String {
    let url = page.current_url().await.unwrap();
    url.fragment()
        .expect("the page names its thread")
        .to_owned()
}

async fn stored(thread: &str) -> (u16, Value) {
    let r = client()
        .get(format!("{}/api/chat/threads/{thread}", server().url))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// Runs `flow` in a fresh browser, `width` pixels wide, one flow at a time.
async fn in_browser<F, Fut>(width: u32, flow: F)
where
    F: FnOnce(WebDriver) -> Fut,
    Fut: Future<Output = ()>,
{
    let _turn = ONE_AT_A_TIME.lock().await;
    let Some(driver) = chromedriver().await else {
        return;
    };
    let page = browser(&driver, width).await;
    page.goto(&server().url).await.unwrap();
    wait_for(&page, "#answer-model option").await;
    flow(page.clone()).await;
    page.quit().await.unwrap();
}

#[tokio::test]
async fn a_clarification_card_resumes_the_turn_and_a_chip_opens_its_source() {
    in_browser(1280, |page| async move {
        ask(&page, "Who will win the World Cup?").await;
        let card = wait_for(&page, ".clarification").await;
        let recommended = card.find(By::Css("button.recommended")).await.unwrap();
        assert!(recommended.text().await.unwrap().contains("(recommended)"));
        let mut rugby = None;
        for option in card.find_all(By::Css("button.option")).await.unwrap() {
            if option.text().await.unwrap().contains("Rugby") {
                rugby = Some(option);
            }
        }
        screenshot(&page, "1-clarification").await;
        rugby.expect("a rugby option").click().await.unwrap();
        let answer = settled(&page, 2).await;
        assert_eq!(
            answer.attr("data-outcome").await.unwrap().as_deref(),
            Some("answer")
        );
        // The answer's Markdown table is a table on the page.
        let headers = answer.find_all(By::Css("table th")).await.unwrap();
        assert!(!headers.is_empty(), "the answer's table is rendered");
        assert!(!answer.text().await.unwrap().contains("| ---"));
        let chips = answer.find_all(By::Css("button.chip")).await.unwrap();
        assert!(!chips.is_empty(), "the answer has citation chips");
        chips[0].click().await.unwrap();
        let panel = wait_for(&page, "#source").await;
        panel.wait_until().displayed().await.unwrap();
        assert_eq!(
            page.find(By::Id("source-tool"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap(),
            "markets"
        );
        let arguments = page
            .find(By::Id("source-arguments"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(arguments.contains("\"tournament\""), "{arguments}");
        assert!(arguments.contains("Rugby World Cup"), "{arguments}");
        // Which call returned the record, and where in its result it is.
        let found_at = page
            .find(By::Id("source-pointer"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(found_at.starts_with("call r0c"), "{found_at}");
        screenshot(&page, "1-source-panel").await;
    })
    .await;
}

#[tokio::test]
async fn with_auto_select_on_the_same_question_answers_and_names_its_assumption() {
    in_browser(1280, |page| async move {
        wait_for(&page, "#auto-select").await.click().await.unwrap();
        ask(&page, "Who will win the World Cup?").await;
        let reply = last_reply(&page).await;
        assert_eq!(
            reply.attr("data-outcome").await.unwrap().as_deref(),
            Some("answer")
        );
        let assumed = reply
            .find(By::Css(".assumption"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            assumed.starts_with("Assumed: ") && assumed.contains("Cup"),
            "{assumed}"
        );
        screenshot(&page, "2-auto-select").await;
    })
    .await;
}

#[tokio::test]
async fn a_follow_up_in_euros_answers_in_euros_on_a_narrow_screen() {
    in_browser(375, |page| async move {
        ask(&page, "What is the price of Solana?").await;
        ask(&page, "and in euros?").await;
        let reply = last_reply(&page).await;
        let text = reply.text().await.unwrap();
        assert!(text.contains('€'), "{text}");
        let overflow: i64 = page
            .execute(
                "return document.documentElement.scrollWidth - window.innerWidth;",
                Vec::new(),
            )
            .await
            .unwrap()
            .convert()
            .unwrap();
        assert!(
            overflow <= 0,
            "the page scrolls sideways by {overflow} px at 375 px"
        );
        screenshot(&page, "3-follow-up-375px").await;
    })
    .await;
}

#[tokio::test]
async fn a_transfer_shows_the_capability_miss_notice_and_runs_nothing() {
    in_browser(1280, |page| async move {
        ask(&page, "Transfer 0.5 ETH from acct-0001 to 0x9f2c").await;
        let reply = last_reply(&page).await;
        assert_eq!(
            reply.attr("data-outcome").await.unwrap().as_deref(),
            Some("capability_miss")
        );
        let notice = reply
            .find(By::Css(".miss"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(!notice.trim().is_empty());
        let thread = thread_of(&page).await;
        let (_, stored) = stored(&thread).await;
        assert_eq!(
            stored["messages"][1]["envelope"]["meta"]["toolCalls"], 0,
            "{stored}"
        );
        screenshot(&page, "4-capability-miss").await;
    })
    .await;
}

#[tokio::test]
async fn a_thread_and_its_citations_survive_a_reload_and_delete_removes_it() {
    in_browser(1280, |page| async move {
        ask(&page, "What is the price of Bitcoin?").await;
        let thread = thread_of(&page).await;
        page.refresh().await.unwrap();
        let reply = settled(&page, 1).await;
        assert!(
            !reply
                .find_all(By::Css("button.chip"))
                .await
                .unwrap()
                .is_empty()
        );
        let listed = wait_for(
            &page,
            &format!("#thread-list button[data-thread='{thread}']"),
        )
        .await;
        assert_eq!(
            listed.attr("aria-current").await.unwrap().as_deref(),
            Some("true")
        );
        screenshot(&page, "5-after-reload").await;
        page.find(By::Id("delete-thread"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        for _ in 0..100 {
            let left = page
                .find_all(By::Css(format!(
                    "#thread-list button[data-thread='{thread}']"
                )))
                .await
                .unwrap();
            if left.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(
            page.find_all(By::Css(format!(
                "#thread-list button[data-thread='{thread}']"
            )))
            .await
            .unwrap()
            .is_empty(),
            "the thread left the list"
        );
        assert!(
            page.find_all(By::Css("#messages li"))
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(stored(&thread).await.0, 404);
        screenshot(&page, "5-deleted").await;
    })
    .await;
}

#[tokio::test]
async fn a_partly_served_question_offers_the_rest_and_an_error_is_shown_not_a_blank_page() {
    in_browser(1280, |page| async move {
        ask(
            &page,
            "Price of Solana in euros, and also the opening hours of the city museum",
        )
        .await;
        let reply = last_reply(&page).await;
        assert_eq!(
            reply.attr("data-outcome").await.unwrap().as_deref(),
            Some("capability_miss")
        );
        let rest = reply.find(By::Css("button.servable")).await.unwrap();
        assert!(rest.text().await.unwrap().starts_with("Answer the rest: "));
        screenshot(&page, "6-answer-the-rest").await;
        rest.click().await.unwrap();
        let answer = settled(&page, 2).await;
        assert_eq!(
            answer.attr("data-outcome").await.unwrap().as_deref(),
            Some("answer")
        );
        assert!(answer.text().await.unwrap().contains('€'));

        // A message over the server's cap: the page says so and keeps the conversation.
        let input = wait_for(&page, "#message").await;
        page.execute(
            "document.getElementById('message').value = 'x'.repeat(2001);",
            Vec::new(),
        )
        .await
        .unwrap();
        input.send_keys(Key::Enter).await.unwrap();
        let error = wait_for(&page, "#error").await;
        error.wait_until().displayed().await.unwrap();
        let said = error.text().await.unwrap();
        assert!(
            said.contains("(message)") && said.contains("2000"),
            "{said}"
        );
        assert_eq!(
            page.find_all(By::Css("#messages li.message.assistant[data-outcome]"))
                .await
                .unwrap()
                .len(),
            2
        );
        screenshot(&page, "6-error-shown").await;
    })
    .await;
}
