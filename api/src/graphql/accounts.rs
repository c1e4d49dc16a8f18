//! Sign-in, sign-up, passwords and the current user's own settings.
use async_graphql::{Context, InputObject, Object, SimpleObject};

use domain::clients::{self, ClientKey, NewClient};
use domain::settings::{self, SettingKey as DomainSettingKey};
use domain::tokens::{self, TokenKind};
use domain::users::{self, Email, NewUser};
use domain::{DomainError, Role, mail, passwords, plans};

use jobs::kinds::MailSend;
use jobs::{EnqueueOptions, JobKind, Pending};

use crate::auth::{By, Limit};
use crate::errors::{ApiError, ApiResult};
use crate::graphql::types::{SettingKey, User, UserSetting};
use crate::graphql::{RoleGuard, caller, request_ip, state};

#[derive(SimpleObject)]
pub struct LoginResult {
    pub access_token: String,
}

#[derive(InputObject)]
pub struct LoginInput {
    pub email: String,
    pub password: String,
}

#[derive(InputObject)]
pub struct SignUpClientInput {
    pub client_name: String,
    /// lowercase letters, digits and '-', 3..32, unique
    pub client_key: String,
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
}

#[derive(InputObject)]
pub struct ChangePasswordInput {
    pub current_password: String,
    pub new_password: String,
}

#[derive(InputObject)]
pub struct UserSettingInput {
    pub name: SettingKey,
    pub value: String,
}

#[derive(InputObject)]
pub struct UpdateUserSettingsInput {
    pub settings: Vec<UserSettingInput>,
}

const BAD_CREDENTIALS: &str = "wrong email or password";

#[derive(Default)]
pub struct AccountsQuery;

#[Object]
impl AccountsQuery {
    /// The signed-in user (operation name "Me").
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_me(&self, ctx: &Context<'_>) -> ApiResult<User> {
        Ok(User(caller(ctx)?.user.clone()))
    }
}

#[derive(Default)]
pub struct AccountsMutation;

#[Object]
impl AccountsMutation {
    async fn login(&self, ctx: &Context<'_>, input: LoginInput) -> ApiResult<LoginResult> {
        let st = state(ctx);
        st.limiters.login(&input.email, request_ip(ctx)).await?;
        if input.email.trim().is_empty() {
            return Err(ApiError::bad_input("email", "is required"));
        }
        if input.password.is_empty() {
            return Err(ApiError::bad_input("password", "is required"));
        }
        let mut conn = st.db.conn().await?;
        let user = match Email::parse("email", &input.email) {
            Ok(email) => users::by_email(&mut conn, &email).await?,
            Err(_) => None,
        };
        // The connection goes back to the pool before the hash waits for its turn.
        drop(conn);
        let Some(user) = user else {
            passwords::verify_dummy(&input.password).await?;
            return Err(ApiError::unauthenticated(BAD_CREDENTIALS));
        };
        if !passwords::verify(&input.password, &user.password_hash).await? {
            return Err(ApiError::unauthenticated(BAD_CREDENTIALS));
        }
        let mut conn = st.db.conn().await?;
        let client = clients::by_id(&mut conn, &user.client_id).await?;
        if !client.is_active {
            return Err(ApiError::unauthenticated(
                "this account is not active yet: open the link in the verification mail first",
            ));
        }
        Ok(LoginResult {
            access_token: st.jwt.issue(&user)?,
        })
    }

    /// Always true: never tells whether the email has an account.
    async fn forgot_password(&self, ctx: &Context<'_>, email: String) -> ApiResult<bool> {
        let st = state(ctx);
        st.limiters.forgot(&email, request_ip(ctx)).await?;
        let Ok(email) = Email::parse("email", &email) else {
            return Ok(true);
        };
        let mut tx = st.db.begin().await?;
        let Some(user) = users::by_email(&mut tx, &email).await? else {
            return Ok(true);
        };
        let job = reset_mail_job(st, &mut tx, &user).await?;
        tx.commit().await?;
        st.dispatch(job).await;
        Ok(true)
    }

    /// An admin sends a reset link to a user of its client.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn reset_password(
        &self,
        ctx: &Context<'_>,
        user_id: async_graphql::ID,
    ) -> ApiResult<bool> {
        let st = state(ctx);
        let me = caller(ctx)?;
        // The same mail as forgotPassword, so the same budgets: per address and per recipient.
        st.limiters
            .check(&[(Limit::ForgotIp, By::Ip(request_ip(ctx)))])
            .await?;
        let mut tx = st.db.begin().await?;
        let user = users::get(&mut tx, &me.scope, &user_id).await?;
        st.limiters
            .check(&[(Limit::ForgotEmail, By::Email(&user.email))])
            .await?;
        let job = reset_mail_job(st, &mut tx, &user).await?;
        tx.commit().await?;
        st.dispatch(job).await;
        Ok(true)
    }

    async fn reset_password_with_token(
        &self,
        ctx: &Context<'_>,
        token: String,
        password: String,
    ) -> ApiResult<bool> {
        let st = state(ctx);
        st.limiters
            .check(&[(Limit::ResetIp, By::Ip(request_ip(ctx)))])
            .await?;
        passwords::validate("password", &password)?;
        // The link is checked and spent before any hashing: a wrong token costs one UPDATE. It
        // is spent in a statement of its own rather than a transaction around the hash, which
        // would hold SQLite's write lock while the hash waits for a core. Should the hash then
        // fail, the link is spent and the user asks for another.
        let mut conn = st.db.conn().await?;
        let Some(user_id) = tokens::consume(&mut conn, TokenKind::ResetPassword, &token).await?
        else {
            return Err(ApiError::bad_input(
                "token",
                "this reset link is invalid, used or expired; ask for a new one",
            ));
        };
        drop(conn);
        let hash = passwords::hash(&password).await?;
        let mut conn = st.db.conn().await?;
        users::set_password(&mut conn, &user_id, &hash).await?;
        Ok(true)
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn change_password(
        &self,
        ctx: &Context<'_>,
        input: ChangePasswordInput,
    ) -> ApiResult<bool> {
        let st = state(ctx);
        let me = caller(ctx)?;
        st.limiters
            .check(&[
                (Limit::PasswordUser, By::User(&me.user.id)),
                (Limit::PasswordIp, By::Ip(request_ip(ctx))),
            ])
            .await?;
        passwords::validate("newPassword", &input.new_password)?;
        if !passwords::verify(&input.current_password, &me.user.password_hash).await? {
            return Err(ApiError::bad_input(
                "currentPassword",
                "is not your current password",
            ));
        }
        let hash = passwords::hash(&input.new_password).await?;
        let mut conn = st.db.conn().await?;
        users::set_password(&mut conn, &me.user.id, &hash).await?;
        Ok(true)
    }

    /// Creates an inactive client and its ADMIN, and mails the verification link. An email that
    /// already has a user gets the same answer and nothing is created: its owner is mailed
    /// instead, so the answer never tells whether an email has an account.
    async fn sign_up_client(&self, ctx: &Context<'_>, input: SignUpClientInput) -> ApiResult<bool> {
        let st = state(ctx);
        st.limiters
            .check(&[(Limit::SignUpIp, By::Ip(request_ip(ctx)))])
            .await?;
        let name = input.client_name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(ApiError::bad_input(
                "clientName",
                "must be 1 to 100 characters",
            ));
        }
        let key = ClientKey::parse("clientKey", &input.client_key)?;
        let email = Email::parse("email", &input.email)?;
        passwords::validate("password", &input.password)?;
        let first_name = users::parse_name("firstName", &input.first_name)?;
        let last_name = users::parse_name("lastName", &input.last_name)?;
        st.limiters
            .check(&[(Limit::SignUpEmail, By::Email(email.as_str()))])
            .await?;
        // A taken key is refused before any hashing. Keys are public (checkDuplicateClientKey),
        // so its CONFLICT tells nothing new.
        let mut conn = st.db.conn().await?;
        if clients::key_taken(&mut conn, key.as_str()).await? {
            return Err(key_taken());
        }
        drop(conn);
        // Hashed whether the email is taken or not, so that both answers cost the same time; and
        // outside the transaction, which holds SQLite's write lock.
        let hash = passwords::hash(&input.password).await?;
        let new = NewSignUp {
            name,
            key: &key,
            email: &email,
            first_name: &first_name,
            last_name: &last_name,
            hash: &hash,
        };
        let jobs = match create_client(st, &new).await? {
            SignUp::Created(jobs) => jobs,
            SignUp::EmailTaken => mail_existing_owner(st, &email).await?,
        };
        st.dispatch(jobs).await;
        Ok(true)
    }

    async fn verify_client(&self, ctx: &Context<'_>, token: String) -> ApiResult<bool> {
        let st = state(ctx);
        st.limiters
            .check(&[(Limit::VerifyIp, By::Ip(request_ip(ctx)))])
            .await?;
        let mut tx = st.db.begin().await?;
        let Some(user_id) = tokens::consume(&mut tx, TokenKind::VerifyEmail, &token).await? else {
            return Err(ApiError::bad_input(
                "token",
                "this verification link is invalid, used or expired",
            ));
        };
        let user = users::find(&mut tx, &user_id)
            .await?
            .ok_or(ApiError::not_found("user"))?;
        clients::activate(&mut tx, &user.client_id).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// True when the key is taken. Public by design (the sign-up form checks as one types);
    /// limited per address so that nobody lists the clients by asking.
    async fn check_duplicate_client_key(&self, ctx: &Context<'_>, key: String) -> ApiResult<bool> {
        let st = state(ctx);
        st.limiters
            .check(&[(Limit::ClientKeyIp, By::Ip(request_ip(ctx)))])
            .await?;
        let key = ClientKey::parse("key", &key)?;
        let mut conn = st.db.conn().await?;
        Ok(clients::key_taken(&mut conn, key.as_str()).await?)
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn update_user_settings(
        &self,
        ctx: &Context<'_>,
        input: UpdateUserSettingsInput,
    ) -> ApiResult<Vec<UserSetting>> {
        let st = state(ctx);
        let me = caller(ctx)?;
        let mut values = Vec::new();
        for (i, setting) in input.settings.iter().enumerate() {
            let key = DomainSettingKey::from(setting.name);
            let field = format!("settings.{i}.value");
            values.push((key, key.validate(&field, &setting.value)?));
        }
        let mut tx = st.db.begin().await?;
        for (key, value) in &values {
            settings::upsert(&mut tx, &me.user.id, *key, value).await?;
        }
        let all = settings::list(&mut tx, &me.user.id).await?;
        tx.commit().await?;
        Ok(all.into_iter().map(UserSetting::from).collect())
    }
}

/// Issues a reset token and queues its mail, inside the caller's transaction.
async fn reset_mail_job(
    st: &crate::graphql::AppState,
    tx: &mut domain::Conn,
    user: &users::User,
) -> ApiResult<Pending> {
    let token = tokens::issue(tx, TokenKind::ResetPassword, &user.id).await?;
    let link = st.link(&format!("/auth/reset-password?token={token}"));
    let message = mail::reset_password(&user.email, &user.first_name, &link);
    let options = EnqueueOptions::new(st.config.jobs.max_attempts).client(&user.client_id);
    Ok(MailSend::new(&st.secrets, message)
        .enqueue(tx, &options)
        .await?)
}

fn key_taken() -> ApiError {
    ApiError::new("CONFLICT", "this client key is already taken")
}

/// A sign-up whose input has been checked and whose password has been hashed.
struct NewSignUp<'a> {
    name: &'a str,
    key: &'a ClientKey,
    email: &'a Email,
    first_name: &'a str,
    last_name: &'a str,
    hash: &'a str,
}

enum SignUp {
    /// The client and its ADMIN exist; the jobs (the verification mail) are committed.
    Created(Pending),
    /// The email has a user already; only the key was reserved, as a new sign-up would hold it.
    EmailTaken,
}

/// Creates the inactive client, its FREE plan, its ADMIN and the verification mail, in one
/// transaction.
async fn create_client(st: &crate::graphql::AppState, new: &NewSignUp<'_>) -> ApiResult<SignUp> {
    let mut tx = st.db.begin().await?;
    if clients::key_taken(&mut tx, new.key.as_str()).await? {
        return Err(key_taken());
    }
    if users::by_email(&mut tx, new.email).await?.is_some() {
        clients::reserve_key(&mut tx, new.key.as_str()).await?;
        tx.commit().await?;
        return Ok(SignUp::EmailTaken);
    }
    let client = clients::create(
        &mut tx,
        NewClient {
            name: new.name,
            key: new.key,
            is_active: false,
            is_platform: false,
        },
    )
    .await?;
    plans::start_free(&mut tx, &client.id).await?;
    let created = users::create(
        &mut tx,
        NewUser {
            client_id: &client.id,
            email: new.email,
            password_hash: new.hash,
            first_name: new.first_name,
            last_name: new.last_name,
            role: Role::Admin,
        },
    )
    .await;
    let user = match created {
        Ok(user) => user,
        // Another sign-up took the email between the look-up and this insert (PostgreSQL;
        // SQLite's write lock serialises sign-ups): it is a taken email like any other.
        Err(DomainError::Conflict(_)) => {
            // PostgreSQL has aborted the transaction: the key is held in a statement of its own.
            drop(tx);
            let mut conn = st.db.conn().await?;
            clients::reserve_key(&mut conn, new.key.as_str()).await?;
            return Ok(SignUp::EmailTaken);
        }
        Err(e) => return Err(e.into()),
    };
    let token = tokens::issue(&mut tx, TokenKind::VerifyEmail, &user.id).await?;
    let link = st.link(&format!("/verify-email?token={token}"));
    let message = mail::verify_email(&user.email, &user.first_name, &client.name, &link);
    let options = EnqueueOptions::new(st.config.jobs.max_attempts).client(&client.id);
    let job = MailSend::new(&st.secrets, message)
        .enqueue(&mut tx, &options)
        .await?;
    tx.commit().await?;
    Ok(SignUp::Created(job))
}

/// Tells the owner of an email that someone tried to sign up with it, with the ways back into
/// their account. At most one such mail per user an hour, however many attempts: the sign-up
/// limits bound the attempts, this bounds what lands in the owner's inbox.
async fn mail_existing_owner(st: &crate::graphql::AppState, email: &Email) -> ApiResult<Pending> {
    let mut tx = st.db.begin().await?;
    let Some(owner) = users::by_email(&mut tx, email).await? else {
        return Ok(Pending::new());
    };
    let message = mail::sign_up_attempt(
        &owner.email,
        &owner.first_name,
        &st.link("/auth/login"),
        &st.link("/auth/forgot-password"),
    );
    let job = MailSend::new(&st.secrets, message).once_per(format!(
        "mail:sign-up-attempt:{}:{}",
        owner.id,
        chrono::Utc::now().format("%Y-%m-%dT%H")
    ));
    let options = EnqueueOptions::new(st.config.jobs.max_attempts).client(&owner.client_id);
    let job = job.enqueue(&mut tx, &options).await?;
    tx.commit().await?;
    Ok(job)
}
