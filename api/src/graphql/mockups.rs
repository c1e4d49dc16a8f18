//! Mockups: a template's blank photos with their print areas (`ProductTemplate.mockupBlanks`,
//! saved with the template), previews of a design on them before listing (`previewMockups`),
//! and a product's rendered mockups (`Product.mockupImages`, `bulkRenderMockups`). Any
//! signed-in user of the client, like templates.
use async_graphql::{ComplexObject, Context, Enum, ID, InputObject, Object, SimpleObject};

use domain::mockups::{self, NewBlank, PrintFiles};
use domain::templates;

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::shops::BulkJobResult;
use crate::graphql::templates::ProductTemplate;
use crate::graphql::{AppState, RoleGuard, caller, state};

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "mockups::DesignSide")]
pub enum DesignSide {
    Front,
    Back,
    Sleeve,
    Hood,
}

/// Where the design goes on a blank photo, in the photo's pixels (origin top left).
#[derive(SimpleObject, Debug, Clone, Copy)]
pub struct PrintArea {
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
}

#[derive(InputObject, Debug, Clone, Copy)]
pub struct PrintAreaInput {
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
}

/// A blank product photo of a template: the design of `side` is drawn inside `printArea`.
#[derive(SimpleObject, Debug, Clone)]
pub struct MockupBlank {
    pub id: ID,
    pub side: DesignSide,
    /// The uploaded photo.
    pub image_url: String,
    /// The photo's size in pixels, read from the file when the template was saved.
    pub width: i32,
    pub height: i32,
    pub print_area: PrintArea,
    /// Its place among the template's mockups (0 first: the listing's main image).
    pub position: i32,
}

fn px(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

impl From<mockups::Blank> for MockupBlank {
    fn from(b: mockups::Blank) -> Self {
        MockupBlank {
            id: b.id.into(),
            side: b.side.into(),
            image_url: b.image_url,
            width: px(b.width),
            height: px(b.height),
            print_area: PrintArea {
                x: px(b.area.x),
                y: px(b.area.y),
                width: px(b.area.width),
                height: px(b.area.height),
            },
            position: i32::try_from(b.position).unwrap_or(i32::MAX),
        }
    }
}

/// A blank photo as the template form sends it: an upload of the client, the side it shows,
/// the print area in its pixels.
#[derive(InputObject, Debug, Clone)]
pub struct MockupBlankInput {
    pub side: DesignSide,
    pub image_url: String,
    pub print_area: PrintAreaInput,
}

/// A design's print files by side, as `createProductWithTemplate` takes them.
#[derive(InputObject, Debug, Clone, Default)]
pub struct MockupDesignInput {
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub design_sleeve_url: Option<String>,
    pub design_hood_url: Option<String>,
}

/// A design drawn on one blank photo.
#[derive(SimpleObject, Debug, Clone)]
pub struct MockupPreview {
    pub blank_id: ID,
    pub side: DesignSide,
    pub image_url: String,
}

#[ComplexObject]
impl ProductTemplate {
    /// The blank photos mockups are rendered on, in their order.
    async fn mockup_blanks(&self, ctx: &Context<'_>) -> ApiResult<Vec<MockupBlank>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(mockups::blanks(&mut conn, &me.scope, &self.id)
            .await?
            .into_iter()
            .map(Into::into)
            .collect())
    }
}

/// The blanks of a template input, checked: each photo an upload of the caller's client that
/// reads as a picture, its size taken from the file (the print area is checked against it when
/// stored). `None` when the input has no `mockupBlanks` (the template keeps its blanks).
pub async fn checked_blanks(
    app: &AppState,
    me: &Caller,
    input: Option<Vec<MockupBlankInput>>,
) -> ApiResult<Option<Vec<NewBlank>>> {
    let Some(input) = input else {
        return Ok(None);
    };
    if input.len() > mockups::MAX_BLANKS {
        return Err(ApiError::bad_input(
            "mockupBlanks",
            format!(
                "at most {} blank photos: a marketplace shows at most 9 images",
                mockups::MAX_BLANKS
            ),
        ));
    }
    let mut blanks = Vec::with_capacity(input.len());
    for (i, b) in input.into_iter().enumerate() {
        let url = b.image_url.trim().to_owned();
        let size = jobs::mockups::upload_dimensions(
            &app.files,
            &app.config.public_url,
            &me.scope.client_id,
            &url,
            app.config.upload_max_bytes,
        )
        .await?
        .map_err(|m| ApiError::bad_input(&format!("mockupBlanks.{i}.imageUrl"), m))?;
        let blank = NewBlank {
            side: b.side.into(),
            image_url: url,
            width: size.0,
            height: size.1,
            x: i64::from(b.print_area.x),
            y: i64::from(b.print_area.y),
            area_width: i64::from(b.print_area.width),
            area_height: i64::from(b.print_area.height),
        };
        // Refused here, before the template is written.
        blank.validate(i)?;
        blanks.push(blank);
    }
    Ok(Some(blanks))
}

#[derive(Default)]
pub struct MockupsQuery;

#[Object]
impl MockupsQuery {
    /// A design drawn on each blank photo of a template whose side it has, so a seller sees
    /// the mockups before listing. The design's files must be uploads of the client (the
    /// server fetches nothing from elsewhere while a request waits); answers the previews'
    /// URLs, empty when the template has no blank for the design's sides.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn preview_mockups(
        &self,
        ctx: &Context<'_>,
        template_id: ID,
        design: MockupDesignInput,
    ) -> ApiResult<Vec<MockupPreview>> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let mut conn = app.db.conn().await?;
        templates::get(&mut conn, &me.scope, &template_id).await?;
        let blanks = mockups::blanks(&mut conn, &me.scope, &template_id).await?;
        drop(conn);
        let text = |s: Option<String>| s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        let designs = PrintFiles {
            front: text(design.design_front_url),
            back: text(design.design_back_url),
            sleeve: text(design.design_sleeve_url),
            hood: text(design.design_hood_url),
        };
        if designs.all().next().is_none() {
            return Err(ApiError::bad_input(
                "design",
                "give the design of at least one side",
            ));
        }
        let previews = jobs::mockups::preview(
            &app.files,
            &app.config.public_url,
            &me.scope.client_id,
            app.config.upload_max_bytes,
            &blanks,
            &designs,
        )
        .await?;
        Ok(previews
            .into_iter()
            .map(|p| MockupPreview {
                blank_id: p.blank.id.into(),
                side: p.blank.side.into(),
                image_url: p.image_url,
            })
            .collect())
    }
}

#[derive(Default)]
pub struct MockupsMutation;

#[Object]
impl MockupsMutation {
    /// Renders the mockups of products (their designs on their templates' blank photos), one
    /// `mockup.render` job each under one batch; mockups already current are kept.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_render_mockups(
        &self,
        ctx: &Context<'_>,
        product_ids: Vec<ID>,
    ) -> ApiResult<BulkJobResult> {
        let ids: Vec<String> = product_ids
            .iter()
            .map(|id| id.as_str().to_owned())
            .collect();
        let queued = crate::listings::bulk_render_mockups(state(ctx), caller(ctx)?, &ids).await?;
        Ok(queued.into())
    }
}
