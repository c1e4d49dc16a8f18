//! Mockups end to end over HTTP, on either stack (the scaled one keeps files in the sandbox's
//! S3 bucket): a template holds a blank photo with a print area; a design previews on it; a
//! product made from the design is listed on the TikTok sandbox with the mockup as its main
//! image — checked by its pixels — while its print file stays for fulfilment; a thousand-style
//! bulk render is one batch; bad print areas, foreign files and other clients' objects are
//! refused.

use std::io::Cursor;
use std::time::Duration;

use crate::common::*;
use image::{Rgb, RgbImage};
use serde_json::{Value, json};

const CREATE_TEMPLATE: &str = "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id mockupBlanks { id side imageUrl width height position printArea { x y width height } } } }";
const UPDATE_TEMPLATE: &str = "mutation($id: ID!, $i: ProductTemplateInput!) { updateProductTemplate(templateId: $id, input: $i) { id mockupBlanks { id side } } }";
const CREATE_PRODUCTS: &str =
    "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }";
const PREVIEW: &str = "query($t: ID!, $d: MockupDesignInput!) { previewMockups(templateId: $t, design: $d) { blankId side imageUrl } }";
const RENDER: &str =
    "mutation($ids: [ID!]!) { bulkRenderMockups(productIds: $ids) { batchId queued } }";
const PRODUCT: &str =
    "query($id: ID!) { getProductById(id: $id) { id mockupImages images { imageUrl } } }";

const GREY: [u8; 3] = [200, 200, 200];
const RED: [u8; 3] = [220, 20, 60];
/// The blank photo: 400×400, its print area 200×160 at (100, 120).
const BLANK: (u32, u32) = (400, 400);
const AREA: (u32, u32, u32, u32) = (100, 120, 200, 160);
/// A wide design (2:1): it fits the area's width, 200×100, centred down at (100, 150).
const DESIGN: (u32, u32) = (100, 50);
const PLACED: (u32, u32, u32, u32) = (100, 150, 200, 100);

fn png(width: u32, height: u32, colour: [u8; 3]) -> Vec<u8> {
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(RgbImage::from_pixel(width, height, Rgb(colour)))
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("png");
    out
}

fn area_input() -> Value {
    json!({ "x": AREA.0, "y": AREA.1, "width": AREA.2, "height": AREA.3 })
}

/// A tee template the sandbox accepts (leaf category, required properties), with `blanks`.
fn template_input(name: &str, blanks: Option<Value>) -> Value {
    let mut t = json!({
        "name": name,
        "title": "{design} Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
        "tiktokCategoryId": "601226",
        "variants": [
            { "attributes": { "Color": "White", "Size": "M" }, "sku": format!("{}-M", name.replace(' ', "-")), "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 }
        ],
        "tiktokProductAttribute": [
            { "attributeId": "100198", "valueIds": ["1001981"] },
            { "attributeId": "100392", "valueIds": ["1003921"] }
        ],
        "type": "POD"
    });
    if let Some(b) = blanks {
        t["mockupBlanks"] = b;
    }
    t
}

async fn blank_url(s: &Server, token: &str) -> String {
    upload(
        s,
        token,
        "white-tee.png",
        "image/png",
        "blanks",
        &png(BLANK.0, BLANK.1, GREY),
    )
    .await
}

async fn design_url(s: &Server, token: &str) -> String {
    upload(
        s,
        token,
        "red-logo.png",
        "image/png",
        "designs/front",
        &png(DESIGN.0, DESIGN.1, RED),
    )
    .await
}

async fn template_with_blank(s: &Server, token: &str, name: &str) -> (String, Value) {
    let blank = blank_url(s, token).await;
    let input = template_input(
        name,
        Some(json!([{ "side": "FRONT", "imageUrl": blank, "printArea": area_input() }])),
    );
    let t = s
        .ok(CREATE_TEMPLATE, json!({ "i": input }), Some(token))
        .await["createProductTemplate"]
        .clone();
    (t["id"].as_str().expect("template id").to_owned(), t)
}

/// Asserts that a picture is the blank with the design inside the print area at its scale:
/// the red box is where it belongs (±3 px, JPEG blurs an edge), red inside it, the blank's grey
/// everywhere else.
fn assert_mockup(bytes: &[u8]) {
    let img = image::load_from_memory(bytes)
        .expect("the mockup is a picture")
        .to_rgb8();
    assert_eq!(img.dimensions(), BLANK, "the mockup is the blank's size");
    let near =
        |p: &Rgb<u8>, c: [u8; 3]| (0..3).all(|i| (i32::from(p[i]) - i32::from(c[i])).abs() <= 8);
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in img.enumerate_pixels() {
        if p[0] > 150 && p[1] < 110 {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x + 1);
            y1 = y1.max(y + 1);
        }
    }
    let (px, py, pw, ph) = PLACED;
    for (got, want) in [(x0, px), (y0, py), (x1, px + pw), (y1, py + ph)] {
        assert!(
            got.abs_diff(want) <= 3,
            "the design's box is ({x0},{y0})-({x1},{y1}), expected ({px},{py})-({},{})",
            px + pw,
            py + ph
        );
    }
    // Away from the box's edges: JPEG's colour blocks (16 px) blur a few pixels across one.
    const M: u32 = 8;
    for (x, y, p) in img.enumerate_pixels() {
        let inside = x >= px + M && x + M < px + pw && y >= py + M && y + M < py + ph;
        let outside = x + M < px || x >= px + pw + M || y + M < py || y >= py + ph + M;
        if inside {
            assert!(near(p, RED), "inside at {x},{y}: {p:?}");
        } else if outside {
            assert!(near(p, GREY), "outside at {x},{y}: {p:?}");
        }
    }
}

async fn get_bytes(url: &str) -> Vec<u8> {
    let res = reqwest::get(url).await.expect("get");
    assert_eq!(res.status(), 200, "{url}");
    res.bytes().await.expect("body").to_vec()
}

#[tokio::test]
async fn the_mockup_is_the_main_image_and_the_print_file_stays_for_fulfilment() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect_tiktok_shop(&s, &admin, "Mockup Shop").await;
    let (template, created) = template_with_blank(&s, &admin, "Mockup tee").await;
    let blank = &created["mockupBlanks"][0];
    assert_eq!(blank["side"], "FRONT", "{created}");
    assert_eq!(
        (blank["width"].clone(), blank["height"].clone()),
        (json!(400), json!(400)),
        "the size is read from the file"
    );
    assert_eq!(blank["printArea"], area_input());
    assert_eq!(blank["position"], 0);

    // An update without blanks keeps them.
    let kept = s
        .ok(
            UPDATE_TEMPLATE,
            json!({ "id": template, "i": template_input("Mockup tee", None) }),
            Some(&admin),
        )
        .await;
    assert_eq!(
        kept["updateProductTemplate"]["mockupBlanks"]
            .as_array()
            .map(Vec::len),
        Some(1),
        "{kept}"
    );

    // The design shows on the blank before anything is listed.
    let design = design_url(&s, &admin).await;
    let previews = s
        .ok(
            PREVIEW,
            json!({ "t": template, "d": { "designFrontUrl": design } }),
            Some(&admin),
        )
        .await["previewMockups"]
        .clone();
    assert_eq!(previews.as_array().map(Vec::len), Some(1), "{previews}");
    assert_eq!(previews[0]["blankId"], blank["id"]);
    assert_mockup(&get_bytes(previews[0]["imageUrl"].as_str().expect("url")).await);
    // A design for a side without a blank previews nothing.
    let none = s
        .ok(
            PREVIEW,
            json!({ "t": template, "d": { "designBackUrl": design } }),
            Some(&admin),
        )
        .await;
    assert_eq!(none["previewMockups"], json!([]));

    // Made from the design and listed live: the marketplace's main image is the mockup.
    let input = json!({ "i": { "templateId": template, "designs": [{ "name": "Red Logo", "designFrontUrl": design }],
        "shopIds": [shop], "listingMode": "LISTING" } });
    let product = s.ok(CREATE_PRODUCTS, input, Some(&admin)).await["createProductWithTemplate"][0]
        .as_str()
        .expect("product id")
        .to_owned();
    let external = wait_for(Duration::from_secs(90), || async {
        let data = s
            .ok(
                "query($s: ID!) { getShopProducts(shopId: $s) { items { externalId liveStatus errorMessages product { id } } } }",
                json!({ "s": shop }),
                Some(&admin),
            )
            .await;
        let item = data["getShopProducts"]["items"]
            .as_array()?
            .iter()
            .find(|i| i["product"]["id"] == product.as_str())?
            .clone();
        assert!(
            item["errorMessages"].as_array().is_none_or(Vec::is_empty),
            "the listing failed: {item}"
        );
        item["externalId"].as_str().map(str::to_owned)
    })
    .await
    .unwrap_or_else(|| panic!("the product was never listed; log:\n{}", tail(&s.log(), 60)));
    let main = s.sandbox().main_images(&external);
    assert_eq!(
        main.len(),
        1,
        "the mockup, and not the print file, is the product's image on the marketplace"
    );
    assert_mockup(&main[0]);

    // The product shows its mockup, kept apart from its own images, which are as before.
    let p = s.ok(PRODUCT, json!({ "id": product }), Some(&admin)).await["getProductById"].clone();
    let mockups = p["mockupImages"].as_array().expect("mockups").clone();
    assert_eq!(mockups.len(), 1, "{p}");
    let mockup = mockups[0].as_str().expect("url");
    assert!(
        mockup.contains("/uploads/") && mockup.contains("/mockups/"),
        "{mockup}"
    );
    assert_mockup(&get_bytes(mockup).await);
    assert_eq!(p["images"], json!([{ "imageUrl": design }]), "{p}");

    // Fulfilment reads the design, which is still the print file.
    let designs = s
        .ok(
            "query($f: ProductDesignFilter) { getFullListProductDesigns(filter: $f) { designFrontUrl designBackUrl images } }",
            json!({ "f": { "productId": product } }),
            Some(&admin),
        )
        .await["getFullListProductDesigns"]
        .clone();
    assert_eq!(designs.as_array().map(Vec::len), Some(1), "{designs}");
    assert_eq!(designs[0]["designFrontUrl"], design.as_str());
    assert_eq!(
        designs[0]["images"],
        json!([]),
        "no mockup slipped into the design"
    );

    // Rendering again changes nothing: the mockups are current.
    let batch = s
        .ok(RENDER, json!({ "ids": [product] }), Some(&admin))
        .await["bulkRenderMockups"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(done["succeeded"], 1, "{done}");
    let again = s.ok(PRODUCT, json!({ "id": product }), Some(&admin)).await;
    assert_eq!(again["getProductById"]["mockupImages"], json!(mockups));

    // An update with no blanks removes them; a product without blanks lists as it always did.
    let removed = s
        .ok(
            UPDATE_TEMPLATE,
            json!({ "id": template, "i": template_input("Mockup tee", Some(json!([]))) }),
            Some(&admin),
        )
        .await;
    assert_eq!(removed["updateProductTemplate"]["mockupBlanks"], json!([]));
}

#[tokio::test]
async fn many_products_render_their_mockups_as_one_batch() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let host = image_host().await;
    let (template, _) = template_with_blank(&s, &admin, "Batch tee").await;
    // Designs on a seller's own host, fetched by the guarded fetcher.
    let designs: Vec<Value> = (0..40)
        .map(|n| json!({ "name": format!("Design {n}"), "designFrontUrl": format!("{host}/designs/{n}.png") }))
        .collect();
    let products: Vec<String> = s
        .ok(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": designs } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"]
        .as_array()
        .expect("ids")
        .iter()
        .map(|v| v.as_str().expect("id").to_owned())
        .collect();
    assert_eq!(products.len(), 40);
    let queued =
        s.ok(RENDER, json!({ "ids": products }), Some(&admin)).await["bulkRenderMockups"].clone();
    assert_eq!(queued["queued"], 40, "{queued}");
    let batch = queued["batchId"].as_str().expect("batch").to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(240)).await;
    assert_eq!(done["type"], "mockup.render", "{done}");
    assert_eq!(done["succeeded"], 40, "{done}");
    assert_eq!(done["failed"], 0, "{done}");
    for id in products.iter().step_by(13) {
        let p = s.ok(PRODUCT, json!({ "id": id }), Some(&admin)).await;
        let urls = p["getProductById"]["mockupImages"]
            .as_array()
            .expect("mockups")
            .clone();
        assert_eq!(urls.len(), 1, "{p}");
        let bytes = get_bytes(urls[0].as_str().expect("url")).await;
        assert_eq!(
            image::load_from_memory(&bytes)
                .expect("picture")
                .to_rgb8()
                .dimensions(),
            BLANK
        );
    }

    // A product whose template has no blanks fails in words; the others of the batch go on.
    let plain = s
        .ok(
            "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }",
            json!({ "i": template_input("Plain tee", None) }),
            Some(&admin),
        )
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let lone = s
        .ok(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": plain, "designs": [{ "name": "Lone", "designFrontUrl": format!("{host}/lone.png") }] } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"][0]
        .as_str()
        .expect("id")
        .to_owned();
    let batch = s
        .ok(RENDER, json!({ "ids": [lone, products[0]] }), Some(&admin))
        .await["bulkRenderMockups"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(
        (done["succeeded"].clone(), done["failed"].clone()),
        (json!(1), json!(1)),
        "{done}"
    );
    let error = done["failures"][0]["error"].as_str().unwrap_or_default();
    assert!(error.contains("no blank photos"), "{done}");
}

#[tokio::test]
async fn bad_print_areas_foreign_files_and_other_clients_are_refused() {
    let s = Server::start().await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let blank = blank_url(&s, &admin).await;
    let refused = |blanks: Value| {
        let s = &s;
        let admin = admin.clone();
        async move {
            let res = s
                .gql(
                    CREATE_TEMPLATE,
                    json!({ "i": template_input("Refused tee", Some(blanks)) }),
                    Some(&admin),
                )
                .await;
            assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
            field(&res)
        }
    };
    let with_area = |x: i64, y: i64, w: i64, h: i64| json!([{ "side": "FRONT", "imageUrl": blank, "printArea": { "x": x, "y": y, "width": w, "height": h } }]);
    assert_eq!(
        refused(with_area(300, 0, 101, 100)).await,
        "mockupBlanks.0.printArea.width"
    );
    assert_eq!(
        refused(with_area(0, 350, 100, 51)).await,
        "mockupBlanks.0.printArea.height"
    );
    assert_eq!(
        refused(with_area(-1, 0, 10, 10)).await,
        "mockupBlanks.0.printArea.x"
    );
    assert_eq!(
        refused(with_area(0, 0, 0, 10)).await,
        "mockupBlanks.0.printArea.width"
    );
    // A photo elsewhere on the web, or too small to be a product photo.
    let host = image_host().await;
    assert_eq!(
        refused(json!([{ "side": "BACK", "imageUrl": format!("{host}/tee.png"), "printArea": area_input() }])).await,
        "mockupBlanks.0.imageUrl"
    );
    let small = upload(
        &s,
        &admin,
        "small.png",
        "image/png",
        "blanks",
        &png(120, 120, GREY),
    )
    .await;
    assert_eq!(
        refused(json!([
            { "side": "FRONT", "imageUrl": blank, "printArea": area_input() },
            { "side": "BACK", "imageUrl": small, "printArea": { "x": 0, "y": 0, "width": 10, "height": 10 } }
        ]))
        .await,
        "mockupBlanks.1.imageUrl"
    );
    let templates = s
        .ok(
            "{ getProductTemplates { items { name } } }",
            json!({}),
            Some(&admin),
        )
        .await;
    assert!(
        !templates.to_string().contains("Refused tee"),
        "nothing refused was saved: {templates}"
    );

    // Another client: the first one's template, blank photo and products are not theirs.
    let (template, created) = template_with_blank(&s, &admin, "Own tee").await;
    let design = design_url(&s, &admin).await;
    let product = s
        .ok(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": [{ "name": "Mine", "designFrontUrl": design }] } }),
            Some(&admin),
        )
        .await["createProductWithTemplate"][0]
        .as_str()
        .expect("id")
        .to_owned();
    let other = new_client(&s, "other-mockups", "owner@other-mockups.test").await;
    let res = s
        .gql(
            PREVIEW,
            json!({ "t": template, "d": { "designFrontUrl": design } }),
            Some(&other),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
    let res = s
        .gql(RENDER, json!({ "ids": [product] }), Some(&other))
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
    let res = s
        .gql(
            "query($id: ID!) { getProductTemplate(templateId: $id) { mockupBlanks { id } } }",
            json!({ "id": template }),
            Some(&other),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
    // Their own template may not use the first client's blank photo.
    let theirs = s
        .gql(
            CREATE_TEMPLATE,
            json!({ "i": template_input("Borrowed tee", Some(json!([{ "side": "FRONT",
                "imageUrl": created["mockupBlanks"][0]["imageUrl"], "printArea": area_input() }]))) }),
            Some(&other),
        )
        .await;
    assert_eq!(code(&theirs), "BAD_USER_INPUT", "{theirs}");
    assert_eq!(field(&theirs), "mockupBlanks.0.imageUrl");
    // Nor preview the first client's design on their own template.
    let (own_template, _) = template_with_blank(&s, &other, "Their tee").await;
    let res = s
        .gql(
            PREVIEW,
            json!({ "t": own_template, "d": { "designFrontUrl": design } }),
            Some(&other),
        )
        .await;
    assert_eq!(code(&res), "BAD_USER_INPUT", "{res}");
    assert_eq!(field(&res), "design.designFrontUrl");
}
