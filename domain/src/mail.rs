//! The mails the product sends. A job carries the finished message, so a retry sends exactly
//! what the first attempt would have; `jobs::kinds::mail_send` seals its body before it is
//! stored.
use serde::{Deserialize, Serialize};

pub const PRODUCT: &str = "Sellerdesk";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

fn html_page(title: &str, intro: &str, action: &str, link: &str, outro: &str) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    format!(
        "<!doctype html><html><body style=\"font-family:Arial,sans-serif;color:#1f2937;background:#f3f4f6;padding:24px\">\
         <div style=\"max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:32px\">\
         <h2 style=\"margin-top:0;color:#4f46e5\">{product}</h2><h3>{title}</h3><p>{intro}</p>\
         <p><a href=\"{link}\" style=\"display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none\">{action}</a></p>\
         <p style=\"font-size:13px;color:#6b7280\">Or open this link: <br>{link_text}</p><p style=\"font-size:13px;color:#6b7280\">{outro}</p>\
         </div></body></html>",
        product = PRODUCT,
        title = esc(title),
        intro = esc(intro),
        action = esc(action),
        link = esc(link),
        link_text = esc(link),
        outro = esc(outro),
    )
}

pub fn verify_email(to: &str, first_name: &str, client_name: &str, link: &str) -> Mail {
    let intro = format!(
        "Hi {first_name}, welcome to {PRODUCT}. Confirm your email to activate {client_name}."
    );
    let outro =
        "The link works once and expires in 24 hours. If you did not sign up, ignore this mail.";
    Mail {
        to: to.to_owned(),
        subject: format!("{PRODUCT}: confirm your email"),
        text: format!("{intro}\n\nConfirm your email: {link}\n\n{outro}\n"),
        html: html_page("Confirm your email", &intro, "Confirm email", link, outro),
    }
}

pub fn reset_password(to: &str, first_name: &str, link: &str) -> Mail {
    let intro = format!("Hi {first_name}, someone asked to reset your {PRODUCT} password.");
    let outro =
        "The link works once and expires in 1 hour. If you did not ask for it, ignore this mail.";
    Mail {
        to: to.to_owned(),
        subject: format!("{PRODUCT}: reset your password"),
        text: format!("{intro}\n\nChoose a new password: {link}\n\n{outro}\n"),
        html: html_page(
            "Reset your password",
            &intro,
            "Choose a new password",
            link,
            outro,
        ),
    }
}

/// To the owner of an email someone tried to sign up with: nothing was created, and here is
/// the way back into the existing account.
pub fn sign_up_attempt(to: &str, first_name: &str, login_link: &str, forgot_link: &str) -> Mail {
    let intro = format!(
        "Hi {first_name}, someone tried to sign up for {PRODUCT} with your email address. \
         You already have an account, so no new one was created and yours is unchanged."
    );
    let outro = format!(
        "If it was not you, ignore this mail. Forgot your password? Choose a new one: {forgot_link}"
    );
    Mail {
        to: to.to_owned(),
        subject: format!("{PRODUCT}: someone tried to sign up with your email"),
        text: format!(
            "{intro}\n\nSign in: {login_link}\n\nForgot your password? Choose a new one: {forgot_link}\n\n\
             If it was not you, ignore this mail.\n"
        ),
        html: html_page(
            "Someone tried to sign up with your email",
            &intro,
            "Sign in",
            login_link,
            &outro,
        ),
    }
}

/// To a client's admins: the nightly reconciliation found orders at a provider that disagree
/// with Sellerdesk's.
pub fn fulfillment_drift(
    to: &str,
    first_name: &str,
    provider: &str,
    findings: &[String],
    link: &str,
) -> Mail {
    let intro = format!(
        "Hi {first_name}, the nightly check of your {provider} orders found {} difference(s) with {PRODUCT}: {}.",
        findings.len(),
        findings.join("; ")
    );
    let outro = "Each one stays on the monitors screen until the next check no longer finds it.";
    Mail {
        to: to.to_owned(),
        subject: format!("{PRODUCT}: {provider} orders to check"),
        text: format!("{intro}\n\nSee them: {link}\n\n{outro}\n"),
        html: html_page("Orders to check", &intro, "Open the monitors", link, outro),
    }
}

/// To a client's admins, a few days before a paid period ends: it renews from the balance.
pub fn plan_ending(
    to: &str,
    first_name: &str,
    plan: &str,
    end: &str,
    price: &str,
    balance: &str,
    link: &str,
) -> Mail {
    let intro = format!(
        "Hi {first_name}, your {PRODUCT} {plan} plan ends on {end}. It renews from your balance for {price}; your balance is {balance}."
    );
    let outro = "Top up before the end if the balance is short; otherwise your client falls back to the FREE plan's limits (nothing is deleted).";
    Mail {
        to: to.to_owned(),
        subject: format!("{PRODUCT}: your {plan} plan ends on {end}"),
        text: format!("{intro}\n\nYour subscription: {link}\n\n{outro}\n"),
        html: html_page(
            "Your plan ends soon",
            &intro,
            "Open subscriptions",
            link,
            outro,
        ),
    }
}

/// To a client's admins: the period ended and the balance could not pay the next one.
pub fn plan_renewal_failed(
    to: &str,
    first_name: &str,
    plan: &str,
    price: &str,
    balance: &str,
    link: &str,
) -> Mail {
    let intro = format!(
        "Hi {first_name}, your {PRODUCT} {plan} plan could not be renewed: it costs {price} and your balance is {balance}. Your client now works within the FREE plan's limits; nothing was deleted."
    );
    let outro = "Top up your balance and subscribe again to get the plan's limits back.";
    Mail {
        to: to.to_owned(),
        subject: format!("{PRODUCT}: your {plan} plan could not be renewed"),
        text: format!("{intro}\n\nTop up and subscribe: {link}\n\n{outro}\n"),
        html: html_page(
            "Your plan was not renewed",
            &intro,
            "Open subscriptions",
            link,
            outro,
        ),
    }
}

/// A promotion's renewal failed, or left products out: what happened and which products, each
/// with its reason (`problems`: product title or id, reason).
pub fn promotion_renewal_problem(
    to: &str,
    first_name: &str,
    promotion: &str,
    shop: &str,
    failure: Option<&str>,
    problems: &[(String, String)],
    link: &str,
) -> Mail {
    let intro = match failure {
        Some(reason) => format!(
            "Hi {first_name}, the flash sale {promotion} on {shop} could not be renewed: {reason}"
        ),
        None => format!(
            "Hi {first_name}, the flash sale {promotion} on {shop} was renewed without {} product{} that no longer qualif{}.",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" },
            if problems.len() == 1 { "ies" } else { "y" },
        ),
    };
    let list: Vec<String> = problems
        .iter()
        .take(50)
        .map(|(product, reason)| format!("- {product}: {reason}"))
        .collect();
    let more = problems.len().saturating_sub(50);
    let mut details = list.join("\n");
    if more > 0 {
        details.push_str(&format!("\n- and {more} more"));
    }
    let outro = "Open the promotion to see its windows and every product left out.";
    let html_intro = if details.is_empty() {
        intro.clone()
    } else {
        format!("{intro} {}", list.join("; "))
    };
    Mail {
        to: to.to_owned(),
        subject: match failure {
            Some(_) => format!("{PRODUCT}: the flash sale {promotion} could not be renewed"),
            None => format!("{PRODUCT}: products left out of the flash sale {promotion}"),
        },
        text: format!("{intro}\n\n{details}\n\nOpen the promotions: {link}\n\n{outro}\n"),
        html: html_page(
            "A flash-sale renewal needs a look",
            &html_intro,
            "Open promotions",
            link,
            outro,
        ),
    }
}
