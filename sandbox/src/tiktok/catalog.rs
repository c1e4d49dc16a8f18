//! Categories, category attributes and rules, and brands: the marketplace's reference data.
use serde_json::{Value, json};

use super::envelope::{ApiError, codes};
use super::state::{Inner, Write, paginate};
use super::{Call, Ctx};

pub struct Category {
    pub id: &'static str,
    pub parent_id: &'static str,
    pub name: &'static str,
    pub is_leaf: bool,
    pub permission: &'static str,
    pub kind: AttributeSet,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AttributeSet {
    None,
    Apparel,
    Drinkware,
    HomeTextile,
    WallArt,
    Jewelry,
}

const fn cat(
    id: &'static str,
    parent_id: &'static str,
    name: &'static str,
    is_leaf: bool,
    permission: &'static str,
    kind: AttributeSet,
) -> Category {
    Category {
        id,
        parent_id,
        name,
        is_leaf,
        permission,
        kind,
    }
}

use AttributeSet as A;

/// A slice of the US apparel and home tree: enough depth to pick leaves, and a few categories
/// a new shop may not list in.
pub static CATEGORIES: &[Category] = &[
    cat(
        "601152",
        "0",
        "Womenswear & Underwear",
        false,
        "AVAILABLE",
        A::None,
    ),
    cat(
        "601302",
        "601152",
        "Women's Tops",
        false,
        "AVAILABLE",
        A::None,
    ),
    cat(
        "601226",
        "601302",
        "T-shirts",
        true,
        "AVAILABLE",
        A::Apparel,
    ),
    cat(
        "601265",
        "601302",
        "Hoodies & Sweatshirts",
        true,
        "AVAILABLE",
        A::Apparel,
    ),
    cat(
        "601213",
        "601302",
        "Tank Tops & Camis",
        true,
        "AVAILABLE",
        A::Apparel,
    ),
    cat(
        "601303",
        "601152",
        "Women's Dresses",
        false,
        "AVAILABLE",
        A::None,
    ),
    cat(
        "601401",
        "601303",
        "Casual Dresses",
        true,
        "AVAILABLE",
        A::Apparel,
    ),
    cat(
        "824328",
        "0",
        "Menswear & Underwear",
        false,
        "AVAILABLE",
        A::None,
    ),
    cat(
        "824584",
        "824328",
        "Men's Tops",
        false,
        "AVAILABLE",
        A::None,
    ),
    cat(
        "824586",
        "824584",
        "T-shirts",
        true,
        "AVAILABLE",
        A::Apparel,
    ),
    cat(
        "824712",
        "824584",
        "Hoodies & Sweatshirts",
        true,
        "AVAILABLE",
        A::Apparel,
    ),
    cat(
        "824600",
        "824584",
        "Polo Shirts",
        true,
        "NON_MAIN_CATEGORY",
        A::Apparel,
    ),
    cat("953224", "0", "Kids' Fashion", false, "AVAILABLE", A::None),
    cat(
        "953240",
        "953224",
        "Kids' Tops",
        false,
        "AVAILABLE",
        A::None,
    ),
    cat(
        "953241",
        "953240",
        "Kids' T-shirts",
        true,
        "AVAILABLE",
        A::Apparel,
    ),
    cat("600001", "0", "Home Supplies", false, "AVAILABLE", A::None),
    cat(
        "600024",
        "600001",
        "Home Decor",
        false,
        "AVAILABLE",
        A::None,
    ),
    cat(
        "600059",
        "600024",
        "Wall Art & Posters",
        true,
        "AVAILABLE",
        A::WallArt,
    ),
    cat(
        "600062",
        "600024",
        "Cushions & Pillowcases",
        true,
        "AVAILABLE",
        A::HomeTextile,
    ),
    cat(
        "600034",
        "600001",
        "Home Textiles",
        false,
        "AVAILABLE",
        A::None,
    ),
    cat(
        "600071",
        "600034",
        "Blankets & Throws",
        true,
        "AVAILABLE",
        A::HomeTextile,
    ),
    cat("600942", "0", "Kitchenware", false, "AVAILABLE", A::None),
    cat("600943", "600942", "Drinkware", false, "AVAILABLE", A::None),
    cat("600950", "600943", "Mugs", true, "AVAILABLE", A::Drinkware),
    cat(
        "600951",
        "600943",
        "Tumblers & Water Bottles",
        true,
        "AVAILABLE",
        A::Drinkware,
    ),
    cat(
        "605196",
        "0",
        "Jewelry Accessories & Derivatives",
        false,
        "INVITE_ONLY",
        A::None,
    ),
    cat(
        "605248",
        "605196",
        "Fine Jewelry",
        true,
        "INVITE_ONLY",
        A::Jewelry,
    ),
];

pub fn category(id: &str) -> Option<&'static Category> {
    CATEGORIES.iter().find(|c| c.id == id)
}

/// Parents first, ending with the category itself, as `category_chains` lists them.
pub fn chain(id: &str) -> Vec<&'static Category> {
    let mut out = Vec::new();
    let mut current = category(id);
    while let Some(c) = current {
        out.push(c);
        current = if c.parent_id == "0" {
            None
        } else {
            category(c.parent_id)
        };
    }
    out.reverse();
    out
}

pub const COLOR: &str = "100000";
pub const SIZE: &str = "100007";
pub const TARGET_AUDIENCE: &str = "101395";

struct Attr {
    id: &'static str,
    name: &'static str,
    sales: bool,
    required: bool,
    customizable: bool,
    multiple: bool,
    numeric: bool,
    values: &'static [(&'static str, &'static str)],
    /// Required once attribute `.0` holds value `.1`.
    required_when: Option<(&'static str, &'static str)>,
}

const fn attr(
    id: &'static str,
    name: &'static str,
    values: &'static [(&'static str, &'static str)],
) -> Attr {
    Attr {
        id,
        name,
        sales: false,
        required: false,
        customizable: false,
        multiple: false,
        numeric: false,
        values,
        required_when: None,
    }
}

const COLORS: &[(&str, &str)] = &[
    ("1000001", "White"),
    ("1000002", "Black"),
    ("1000003", "Navy"),
    ("1000004", "Heather Grey"),
    ("1000005", "Red"),
    ("1000006", "Sand"),
];
const SIZES: &[(&str, &str)] = &[
    ("1000101", "XS"),
    ("1000102", "S"),
    ("1000103", "M"),
    ("1000104", "L"),
    ("1000105", "XL"),
    ("1000106", "2XL"),
    ("1000107", "3XL"),
];

fn attributes_of(kind: AttributeSet) -> Vec<Attr> {
    let color = Attr {
        sales: true,
        customizable: true,
        ..attr(COLOR, "Color", COLORS)
    };
    let size = Attr {
        sales: true,
        customizable: true,
        ..attr(SIZE, "Size", SIZES)
    };
    match kind {
        A::None => Vec::new(),
        A::Apparel => vec![
            color,
            size,
            Attr {
                required: true,
                multiple: true,
                customizable: true,
                ..attr(
                    "100198",
                    "Material",
                    &[
                        ("1001981", "Cotton"),
                        ("1001982", "Polyester"),
                        ("1001983", "Cotton Blend"),
                        ("1001984", "Tri-Blend"),
                    ],
                )
            },
            Attr {
                required: true,
                ..attr(
                    "100392",
                    "Sleeve Length",
                    &[
                        ("1003921", "Short Sleeve"),
                        ("1003922", "Long Sleeve"),
                        ("1003923", "Sleeveless"),
                        ("1003924", "3/4 Sleeve"),
                    ],
                )
            },
            attr(
                "100393",
                "Neckline",
                &[
                    ("1003931", "Crew Neck"),
                    ("1003932", "V-Neck"),
                    ("1003933", "Hooded"),
                    ("1003934", "Scoop Neck"),
                ],
            ),
            Attr {
                multiple: true,
                ..attr(
                    "100394",
                    "Pattern",
                    &[
                        ("1003941", "Solid"),
                        ("1003942", "Graphic"),
                        ("1003943", "Letter"),
                        ("1003944", "Animal"),
                    ],
                )
            },
            Attr {
                multiple: true,
                ..attr(
                    "100395",
                    "Season",
                    &[
                        ("1003951", "Spring"),
                        ("1003952", "Summer"),
                        ("1003953", "Autumn"),
                        ("1003954", "Winter"),
                    ],
                )
            },
            attr(
                TARGET_AUDIENCE,
                "Target Audience",
                &[("1013951", "Adults"), ("1013952", "Kids")],
            ),
            Attr {
                required_when: Some((TARGET_AUDIENCE, "1013952")),
                ..attr(
                    "101396",
                    "Kids' Age Range",
                    &[
                        ("1013961", "2-4 years"),
                        ("1013962", "5-7 years"),
                        ("1013963", "8-12 years"),
                    ],
                )
            },
            Attr {
                customizable: true,
                ..attr(
                    "100401",
                    "Care Instructions",
                    &[("1004011", "Machine wash cold"), ("1004012", "Hand wash")],
                )
            },
        ],
        A::Drinkware => vec![
            color,
            Attr {
                required: true,
                ..attr(
                    "100198",
                    "Material",
                    &[
                        ("1001985", "Ceramic"),
                        ("1001986", "Stainless Steel"),
                        ("1001987", "Glass"),
                    ],
                )
            },
            Attr {
                required: true,
                customizable: true,
                numeric: true,
                ..attr("100511", "Capacity (oz)", &[])
            },
            attr(
                "100512",
                "Dishwasher Safe",
                &[("1005121", "Yes"), ("1005122", "No")],
            ),
            attr(
                "100513",
                "Microwave Safe",
                &[("1005131", "Yes"), ("1005132", "No")],
            ),
        ],
        A::HomeTextile => vec![
            color,
            Attr {
                sales: true,
                customizable: true,
                ..attr(
                    SIZE,
                    "Size",
                    &[
                        ("1000201", "16x16 in"),
                        ("1000202", "18x18 in"),
                        ("1000203", "50x60 in"),
                        ("1000204", "60x80 in"),
                    ],
                )
            },
            Attr {
                required: true,
                multiple: true,
                customizable: true,
                ..attr(
                    "100198",
                    "Material",
                    &[
                        ("1001982", "Polyester"),
                        ("1001988", "Fleece"),
                        ("1001989", "Linen"),
                    ],
                )
            },
            Attr {
                multiple: true,
                ..attr(
                    "100601",
                    "Room Type",
                    &[
                        ("1006011", "Living Room"),
                        ("1006012", "Bedroom"),
                        ("1006013", "Kids' Room"),
                    ],
                )
            },
        ],
        A::WallArt => vec![
            Attr {
                sales: true,
                customizable: true,
                ..attr(
                    SIZE,
                    "Size",
                    &[
                        ("1000301", "8x10 in"),
                        ("1000302", "12x18 in"),
                        ("1000303", "18x24 in"),
                        ("1000304", "24x36 in"),
                    ],
                )
            },
            Attr {
                required: true,
                ..attr(
                    "100701",
                    "Frame Included",
                    &[("1007011", "Yes"), ("1007012", "No")],
                )
            },
            Attr {
                customizable: true,
                ..attr(
                    "100702",
                    "Theme",
                    &[
                        ("1007021", "Abstract"),
                        ("1007022", "Nature"),
                        ("1007023", "Typography"),
                    ],
                )
            },
        ],
        A::Jewelry => vec![
            color,
            Attr {
                required: true,
                ..attr(
                    "100801",
                    "Metal Type",
                    &[
                        ("1008011", "Gold"),
                        ("1008012", "Silver"),
                        ("1008013", "Platinum"),
                    ],
                )
            },
        ],
    }
}

pub struct RequiredAttribute {
    pub id: &'static str,
    pub name: &'static str,
    /// `None`: always required; `Some((attr, value))`: required when that attribute holds that value.
    pub when: Option<(&'static str, &'static str)>,
}

pub fn required_attributes(category_id: &str) -> Vec<RequiredAttribute> {
    let Some(c) = category(category_id) else {
        return Vec::new();
    };
    attributes_of(c.kind)
        .into_iter()
        .filter(|a| !a.sales && (a.required || a.required_when.is_some()))
        .map(|a| RequiredAttribute {
            id: a.id,
            name: a.name,
            when: a.required_when,
        })
        .collect()
}

/// Name and value name of a sales attribute, for names the seller sent without ids.
pub fn sales_attribute_by_name(
    category_id: &str,
    name: &str,
) -> Option<(&'static str, &'static str)> {
    let c = category(category_id)?;
    attributes_of(c.kind)
        .into_iter()
        .find(|a| a.sales && a.name.eq_ignore_ascii_case(name))
        .map(|a| (a.id, a.name))
}

pub fn attribute_value(
    category_id: &str,
    attribute_id: &str,
    value_id: &str,
) -> Option<(&'static str, &'static str)> {
    let c = category(category_id)?;
    let a = attributes_of(c.kind)
        .into_iter()
        .find(|a| a.id == attribute_id)?;
    a.values
        .iter()
        .find(|(id, _)| *id == value_id)
        .map(|(_, name)| (a.name, *name))
}

pub fn attribute_name(category_id: &str, attribute_id: &str) -> Option<&'static str> {
    let c = category(category_id)?;
    attributes_of(c.kind)
        .into_iter()
        .find(|a| a.id == attribute_id)
        .map(|a| a.name)
}

pub fn value_id_by_name(
    category_id: &str,
    attribute_id: &str,
    value_name: &str,
) -> Option<&'static str> {
    let c = category(category_id)?;
    let a = attributes_of(c.kind)
        .into_iter()
        .find(|a| a.id == attribute_id)?;
    a.values
        .iter()
        .find(|(_, n)| n.eq_ignore_ascii_case(value_name))
        .map(|(id, _)| *id)
}

pub fn categories(_inner: &mut Inner, _ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let keyword = call.query("keyword").map(str::to_lowercase);
    let include_prohibited = call.query("include_prohibited_categories") == Some("true");
    let list: Vec<Value> = CATEGORIES
        .iter()
        .filter(|c| {
            keyword
                .as_ref()
                .is_none_or(|k| c.name.to_lowercase().contains(k))
        })
        .filter(|c| include_prohibited || c.permission != "PROHIBITED")
        .map(|c| {
            json!({
                "id": c.id,
                "parent_id": c.parent_id,
                "local_name": c.name,
                "is_leaf": c.is_leaf,
                "permission_statuses": [c.permission],
            })
        })
        .collect();
    Ok(json!({ "categories": list }))
}

pub fn category_attributes(
    _inner: &mut Inner,
    _ctx: &Ctx,
    _call: &Call,
    category_id: &str,
) -> Result<Value, ApiError> {
    let c = category(category_id).ok_or_else(|| {
        ApiError::business(
            codes::CATEGORY_INVALID,
            format!("category {category_id} does not exist"),
        )
    })?;
    let list: Vec<Value> = attributes_of(c.kind)
        .iter()
        .map(|a| {
            let mut v = json!({
                "id": a.id,
                "name": a.name,
                "type": if a.sales { "SALES_PROPERTY" } else { "PRODUCT_PROPERTY" },
                // Spelt as the marketplace spells it.
                "is_requried": a.required,
                "is_customizable": a.customizable,
                "is_multiple_selection": a.multiple,
                "values": a.values.iter().map(|(id, name)| json!({"id": id, "name": name})).collect::<Vec<_>>(),
            });
            if a.numeric {
                v["value_data_format"] = json!("POSITIVE_INT_OR_DECIMAL");
            }
            if let Some((attribute_id, value_id)) = a.required_when {
                v["requirement_conditions"] = json!([{
                    "condition_type": "VALUE_ID_MATCH",
                    "attribute_id": attribute_id,
                    "attribute_value_id": value_id,
                }]);
            }
            v
        })
        .collect();
    Ok(json!({ "attributes": list }))
}

/// Framed and rolled wall art ships in odd sizes: its category wants the package measured, as
/// some real categories do (`package_dimension.is_required` in the rules; product create
/// refuses without them).
pub fn requires_package_dimensions(category_id: &str) -> bool {
    category(category_id).is_some_and(|c| c.kind == A::WallArt)
}

pub fn category_rules(
    _inner: &mut Inner,
    _ctx: &Ctx,
    _call: &Call,
    category_id: &str,
) -> Result<Value, ApiError> {
    let c = category(category_id).ok_or_else(|| {
        ApiError::business(
            codes::CATEGORY_INVALID,
            format!("category {category_id} does not exist"),
        )
    })?;
    let apparel = c.kind == A::Apparel;
    Ok(json!({
        "product_certifications": [],
        "size_chart": { "is_supported": apparel, "is_required": false },
        "package_dimension": { "is_required": requires_package_dimensions(category_id) },
        "cod": { "is_supported": false },
    }))
}

pub struct Brand {
    pub id: String,
    pub name: String,
    pub authorized: bool,
    pub t1: bool,
}

pub fn builtin_brands() -> Vec<Brand> {
    let b = |id: &str, name: &str, authorized: bool, t1: bool| Brand {
        id: id.into(),
        name: name.into(),
        authorized,
        t1,
    };
    vec![
        b("7082427311584347905", "Bella+Canvas", false, false),
        b("7082427311584347906", "Gildan", false, false),
        b("7082427311584347907", "Comfort Colors", false, false),
        b("7082427311584347908", "Next Level Apparel", false, false),
        b("7082427311584347909", "Champion", false, true),
        b("7082427311584347910", "Nike", false, true),
        b("7082427311584347911", "Disney", false, true),
        b("7082427311584347912", "Yeti", false, true),
        b("7082427311584347913", "Orca Coolers", false, false),
        b("7082427311584347914", "Threadbird Basics", true, false),
    ]
}

pub fn brands(inner: &mut Inner, _ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let page_size = call.page_size(true)?;
    let name = call.query("brand_name").map(str::to_lowercase);
    let only_authorized = call.query("is_authorized").map(|v| v == "true" || v == "1");
    let mut list: Vec<&Brand> = inner
        .brands
        .iter()
        .filter(|b| {
            name.as_ref()
                .is_none_or(|n| b.name.to_lowercase().contains(n))
        })
        .filter(|b| only_authorized.is_none_or(|want| b.authorized == want))
        .collect();
    // Authorised brands come first, as the marketplace orders them.
    list.sort_by_key(|b| !b.authorized);
    let items: Vec<Value> = list
        .iter()
        .map(|b| {
            json!({
                "id": b.id,
                "name": b.name,
                "authorized_status": if b.authorized { "AUTHORIZED" } else { "UNAUTHORIZED" },
                "brand_status": "AVAILABLE",
                "is_t1_brand": b.t1,
            })
        })
        .collect();
    let (page, next, total) = paginate(items, page_size, call.query("page_token"))?;
    Ok(json!({ "brands": page, "next_page_token": next, "total_count": total }))
}

pub fn create_brand(inner: &mut Inner, ctx: &Ctx, call: &Call) -> Result<Value, ApiError> {
    let body: Value = call.json()?;
    let name = body
        .get("name")
        .and_then(Value::as_str)
        .map(str::trim)
        .unwrap_or_default()
        .to_string();
    if name.is_empty() || name.chars().count() > 30 {
        return Err(ApiError::business(
            codes::BRAND_INVALID,
            "brand name must be 1 to 30 characters",
        ));
    }
    if let Some(existing) = inner
        .brands
        .iter()
        .find(|b| b.name.eq_ignore_ascii_case(&name))
    {
        return Ok(json!({ "id": existing.id }));
    }
    let id = inner.next_id();
    inner.brands.push(Brand {
        id: id.clone(),
        name: name.clone(),
        authorized: true,
        t1: false,
    });
    inner.record(
        ctx,
        "brand.create",
        Write {
            resource_id: Some(id.clone()),
            title: Some(name),
            ..Write::default()
        },
    );
    Ok(json!({ "id": id }))
}
