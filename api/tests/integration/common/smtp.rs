//! A minimal SMTP server for tests: accepts every message and keeps it. In `stall` mode it
//! accepts connections and never answers, like a server that hangs mid-delivery.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Clone, Default)]
pub struct Sink {
    pub messages: Arc<Mutex<Vec<String>>>,
    pub stall: Arc<AtomicBool>,
}

impl Sink {
    pub async fn start(port: u16) -> Sink {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("bind smtp sink");
        let sink = Sink::default();
        let s = sink.clone();
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let s = s.clone();
                tokio::spawn(async move {
                    if s.stall.load(Ordering::SeqCst) {
                        // Hold the connection open without a greeting.
                        tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
                        drop(stream);
                        return;
                    }
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 sink ESMTP\r\n").await;
                    let mut data: Option<String> = None;
                    while let Ok(Some(line)) = lines.next_line().await {
                        if let Some(body) = data.as_mut() {
                            if line == "." {
                                s.messages.lock().expect("lock").push(std::mem::take(body));
                                data = None;
                                let _ = write.write_all(b"250 queued\r\n").await;
                            } else {
                                body.push_str(&line);
                                body.push('\n');
                            }
                            continue;
                        }
                        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                        let reply: &[u8] = match verb.as_str() {
                            "EHLO" | "HELO" => b"250 sink\r\n",
                            "DATA" => {
                                data = Some(String::new());
                                b"354 go ahead\r\n"
                            }
                            "QUIT" => {
                                let _ = write.write_all(b"221 bye\r\n").await;
                                return;
                            }
                            _ => b"250 ok\r\n",
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        sink
    }

    pub fn messages(&self) -> Vec<String> {
        self.messages.lock().expect("lock").clone()
    }

    /// The Message-ID of each message received.
    pub fn message_ids(&self) -> Vec<String> {
        self.messages()
            .iter()
            .filter_map(|m| {
                m.lines()
                    .find_map(|l| l.strip_prefix("Message-ID: ").map(|v| v.trim().to_owned()))
            })
            .collect()
    }
}
