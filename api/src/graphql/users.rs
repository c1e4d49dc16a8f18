//! A client's users: list, create, remove. ADMIN and SUPER_ADMIN only.
use async_graphql::{Context, ID, InputObject, Object};

use domain::paging::PageRequest;
use domain::users::{self, Email, NewUser};
use domain::{Role, Scope, clients, passwords};

use crate::auth::{By, Limit};
use crate::errors::{ApiError, ApiResult};
use crate::graphql::types::{PageInfo, RoleEnum, User, UserPage};
use crate::graphql::{RoleGuard, caller, request_ip, scope_of_client, state};

#[derive(InputObject)]
pub struct CreateUserInput {
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
    /// ADMIN may create ADMIN or STAFF of its own client; SUPER_ADMIN any
    pub role: RoleEnum,
    /// SUPER_ADMIN only; defaults to the caller's client
    pub client_id: Option<ID>,
    pub shop_ids: Option<Vec<ID>>,
}

#[derive(Default)]
pub struct UsersQuery;

#[Object]
impl UsersQuery {
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn get_users(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        page: Option<i32>,
        #[graphql(desc = "SUPER_ADMIN: another client's users (the clients console)")]
        client_id: Option<ID>,
    ) -> ApiResult<UserPage> {
        let me = caller(ctx)?;
        let request = PageRequest::parse(limit, page)?;
        let mut conn = state(ctx).db.conn().await?;
        let scope = scope_of_client(&mut conn, me, client_id.as_ref()).await?;
        let page = users::list(&mut conn, &scope, request).await?;
        Ok(UserPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(User).collect(),
        })
    }
}

#[derive(Default)]
pub struct UsersMutation;

#[Object]
impl UsersMutation {
    /// Creates a user (operation name "CreateUser").
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn sign_up(&self, ctx: &Context<'_>, input: CreateUserInput) -> ApiResult<ID> {
        let st = state(ctx);
        let me = caller(ctx)?;
        st.limiters
            .check(&[
                (Limit::CreateUser, By::User(&me.user.id)),
                (Limit::CreateUserIp, By::Ip(request_ip(ctx))),
            ])
            .await?;
        let role: Role = input.role.into();
        if role == Role::SuperAdmin && !me.scope.is_super_admin() {
            return Err(ApiError::forbidden(
                "only a super admin can create a super admin",
            ));
        }
        let email = Email::parse("email", &input.email)?;
        passwords::validate("password", &input.password)?;
        let first_name = users::parse_name("firstName", &input.first_name)?;
        let last_name = users::parse_name("lastName", &input.last_name)?;
        // Before the transaction: SQLite's write lock must not wait while the hash waits for a
        // core. An id of the wrong client costs the caller one hash of its own budget.
        let hash = passwords::hash(&input.password).await?;

        let mut tx = st.db.begin().await?;
        // The client the user joins: the caller's own, or for a super admin any client.
        let client_id = match input.client_id.as_deref() {
            None => me.scope.client_id.clone(),
            Some(id) if *id == me.scope.client_id => id.to_owned(),
            Some(id) if me.scope.is_super_admin() => clients::by_id(&mut tx, id).await?.id,
            Some(_) => return Err(ApiError::not_found("client")),
        };
        let target = Scope {
            client_id: client_id.clone(),
            user_id: me.user.id.clone(),
            role: me.role(),
        };
        let shop_ids: Vec<String> = input
            .shop_ids
            .unwrap_or_default()
            .into_iter()
            .map(|id| id.to_string())
            .collect();
        for shop_id in &shop_ids {
            if !domain::shops::exists(&mut tx, &target, shop_id).await? {
                return Err(ApiError::not_found("shop"));
            }
        }
        let user = users::create(
            &mut tx,
            NewUser {
                client_id: &client_id,
                email: &email,
                password_hash: &hash,
                first_name: &first_name,
                last_name: &last_name,
                role,
            },
        )
        .await?;
        for shop_id in &shop_ids {
            domain::shops::assign(&mut tx, &target, &user.id, shop_id).await?;
        }
        tx.commit().await?;
        Ok(user.id.into())
    }

    /// Removes a user of the caller's client; their tokens stop working at once.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn remove_user(&self, ctx: &Context<'_>, id: ID) -> ApiResult<bool> {
        let st = state(ctx);
        let me = caller(ctx)?;
        if *id == me.user.id {
            return Err(ApiError::bad_input("id", "you cannot remove yourself"));
        }
        let mut tx = st.db.begin().await?;
        let user = users::get(&mut tx, &me.scope, &id).await?;
        if user.role == Role::SuperAdmin && !me.scope.is_super_admin() {
            return Err(ApiError::forbidden(
                "only a super admin can remove a super admin",
            ));
        }
        users::delete(&mut tx, &me.scope, &id).await?;
        tx.commit().await?;
        Ok(true)
    }
}
