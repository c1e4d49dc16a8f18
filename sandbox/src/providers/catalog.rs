//! The garments and mugs every stand-in sells, described once. Each provider renders them in its
//! own catalogue shape, under its own ids and SKUs, at its own price (a percentage of the base
//! cost below), so the same black medium tee is Printify variant 12117, Gearment
//! `GM0002001013`, MangoTee `US1-G5000-BLK-M`, …
//!
//! Print areas have one canonical name here (`front`, `back`, `left_sleeve`, `right_sleeve`,
//! `hood`, `wrap`); each provider module maps them to its own vocabulary.

/// One colour of a product.
#[derive(Debug)]
pub struct Color {
    pub name: &'static str,
    pub hex: &'static str,
    /// Three letters used in SKUs.
    pub code: &'static str,
}

/// One size of a product and what it costs to make, in cents.
#[derive(Debug)]
pub struct Size {
    pub name: &'static str,
    pub cost_cents: i64,
}

/// A printable area: canonical name and its size in pixels.
#[derive(Debug)]
pub struct Area {
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug)]
pub struct Product {
    /// Short key used in SKUs (`G5000`).
    pub key: &'static str,
    pub name: &'static str,
    pub brand: &'static str,
    pub model: &'static str,
    pub description: &'static str,
    pub colors: &'static [Color],
    pub sizes: &'static [Size],
    pub areas: &'static [Area],
    /// Domestic shipping: the first item and each further one, in cents.
    pub ship_first_cents: i64,
    pub ship_additional_cents: i64,
    /// Printify: blueprint id, the first variant id, and the print providers offering it.
    pub blueprint_id: u32,
    pub variant_base: u32,
    pub print_providers: &'static [u32],
}

const BLACK: Color = Color {
    name: "Black",
    hex: "#000000",
    code: "BLK",
};
const WHITE: Color = Color {
    name: "White",
    hex: "#FFFFFF",
    code: "WHT",
};
const SPORT_GREY: Color = Color {
    name: "Sport Grey",
    hex: "#97999B",
    code: "SGY",
};
const NAVY: Color = Color {
    name: "Navy",
    hex: "#1F2A44",
    code: "NVY",
};
const NATURAL: Color = Color {
    name: "Natural",
    hex: "#F3EBDD",
    code: "NAT",
};

const APPAREL_AREAS: &[Area] = &[
    Area {
        name: "front",
        width: 3153,
        height: 3995,
    },
    Area {
        name: "back",
        width: 3153,
        height: 3995,
    },
    Area {
        name: "left_sleeve",
        width: 1200,
        height: 1500,
    },
    Area {
        name: "right_sleeve",
        width: 1200,
        height: 1500,
    },
];

const HOODIE_AREAS: &[Area] = &[
    Area {
        name: "front",
        width: 3852,
        height: 3551,
    },
    Area {
        name: "back",
        width: 4431,
        height: 5149,
    },
    Area {
        name: "left_sleeve",
        width: 1200,
        height: 1500,
    },
    Area {
        name: "right_sleeve",
        width: 1200,
        height: 1500,
    },
    Area {
        name: "hood",
        width: 1800,
        height: 1200,
    },
];

const MUG_11_AREAS: &[Area] = &[Area {
    name: "wrap",
    width: 2475,
    height: 1155,
}];

const MUG_15_AREAS: &[Area] = &[Area {
    name: "wrap",
    width: 2700,
    height: 1200,
}];

const TOTE_AREAS: &[Area] = &[
    Area {
        name: "front",
        width: 3600,
        height: 3600,
    },
    Area {
        name: "back",
        width: 3600,
        height: 3600,
    },
];

const ONE_SIZE_MUG_11: &[Size] = &[Size {
    name: "11oz",
    cost_cents: 495,
}];
const ONE_SIZE_MUG_15: &[Size] = &[Size {
    name: "15oz",
    cost_cents: 625,
}];
const ONE_SIZE_TOTE: &[Size] = &[Size {
    name: "One size",
    cost_cents: 1150,
}];

/// Print providers Printify routes to (id, title, city, region, country, zip).
pub const PRINT_PROVIDERS: &[(u32, &str, &str, &str, &str, &str)] = &[
    (29, "Monster Digital", "Saint Paul", "MN", "US", "55114"),
    (99, "Printify Choice", "Fort Worth", "TX", "US", "76177"),
    (28, "District Photo", "Beltsville", "MD", "US", "20705"),
];

/// Percentage a print provider charges on the base cost.
pub fn print_provider_markup(id: u32) -> i64 {
    match id {
        99 => 104,
        28 => 98,
        _ => 100,
    }
}

pub const PRODUCTS: &[Product] = &[
    Product {
        key: "G5000",
        name: "Unisex Heavy Cotton Tee",
        brand: "Gildan",
        model: "5000",
        description: "Medium-weight 100% cotton tee with a classic fit and taped neck and shoulders.",
        colors: &[BLACK, WHITE, SPORT_GREY, NAVY],
        sizes: &[
            Size {
                name: "S",
                cost_cents: 895,
            },
            Size {
                name: "M",
                cost_cents: 895,
            },
            Size {
                name: "L",
                cost_cents: 895,
            },
            Size {
                name: "XL",
                cost_cents: 895,
            },
            Size {
                name: "2XL",
                cost_cents: 1095,
            },
            Size {
                name: "3XL",
                cost_cents: 1295,
            },
        ],
        areas: APPAREL_AREAS,
        ship_first_cents: 475,
        ship_additional_cents: 240,
        blueprint_id: 6,
        variant_base: 12100,
        print_providers: &[29, 99],
    },
    Product {
        key: "G18500",
        name: "Unisex Heavy Blend Hooded Sweatshirt",
        brand: "Gildan",
        model: "18500",
        description: "50/50 cotton-polyester fleece hoodie with a double-lined hood and pouch pocket.",
        colors: &[BLACK, NAVY, SPORT_GREY],
        sizes: &[
            Size {
                name: "S",
                cost_cents: 2195,
            },
            Size {
                name: "M",
                cost_cents: 2195,
            },
            Size {
                name: "L",
                cost_cents: 2195,
            },
            Size {
                name: "XL",
                cost_cents: 2195,
            },
            Size {
                name: "2XL",
                cost_cents: 2495,
            },
        ],
        areas: HOODIE_AREAS,
        ship_first_cents: 875,
        ship_additional_cents: 400,
        blueprint_id: 77,
        variant_base: 32900,
        print_providers: &[29, 99],
    },
    Product {
        key: "G18000",
        name: "Unisex Heavy Blend Crewneck Sweatshirt",
        brand: "Gildan",
        model: "18000",
        description: "Soft 50/50 crewneck sweatshirt with ribbed collar, cuffs and waistband.",
        colors: &[BLACK, WHITE, SPORT_GREY],
        sizes: &[
            Size {
                name: "S",
                cost_cents: 1595,
            },
            Size {
                name: "M",
                cost_cents: 1595,
            },
            Size {
                name: "L",
                cost_cents: 1595,
            },
            Size {
                name: "XL",
                cost_cents: 1595,
            },
            Size {
                name: "2XL",
                cost_cents: 1795,
            },
        ],
        areas: APPAREL_AREAS,
        ship_first_cents: 795,
        ship_additional_cents: 350,
        blueprint_id: 49,
        variant_base: 25300,
        print_providers: &[99],
    },
    Product {
        key: "MUG11",
        name: "Ceramic Mug 11oz",
        brand: "Generic",
        model: "White ceramic 11oz",
        description: "Glossy white ceramic mug, dishwasher and microwave safe; full-wrap print.",
        colors: &[WHITE],
        sizes: ONE_SIZE_MUG_11,
        areas: MUG_11_AREAS,
        ship_first_cents: 699,
        ship_additional_cents: 399,
        blueprint_id: 68,
        variant_base: 33700,
        print_providers: &[28, 99],
    },
    Product {
        key: "MUG15",
        name: "Ceramic Mug 15oz",
        brand: "Generic",
        model: "White ceramic 15oz",
        description: "The larger glossy white ceramic mug; full-wrap print.",
        colors: &[WHITE],
        sizes: ONE_SIZE_MUG_15,
        areas: MUG_15_AREAS,
        ship_first_cents: 799,
        ship_additional_cents: 449,
        blueprint_id: 425,
        variant_base: 62000,
        print_providers: &[28],
    },
    Product {
        key: "TOTE",
        name: "Cotton Canvas Tote Bag",
        brand: "Liberty Bags",
        model: "8502",
        description: "Heavy cotton canvas tote with reinforced handles.",
        colors: &[NATURAL, BLACK],
        sizes: ONE_SIZE_TOTE,
        areas: TOTE_AREAS,
        ship_first_cents: 550,
        ship_additional_cents: 275,
        blueprint_id: 553,
        variant_base: 70100,
        print_providers: &[99],
    },
];

/// One variant: a product in one colour and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VariantRef {
    pub product: usize,
    pub color: usize,
    pub size: usize,
}

impl VariantRef {
    pub fn product(self) -> &'static Product {
        &PRODUCTS[self.product]
    }

    pub fn color(self) -> &'static Color {
        &PRODUCTS[self.product].colors[self.color]
    }

    pub fn size(self) -> &'static Size {
        &PRODUCTS[self.product].sizes[self.size]
    }

    /// Position of the variant in its product, colour-major.
    pub fn ordinal(self) -> usize {
        self.color * self.product().sizes.len() + self.size
    }

    /// The base cost with a provider's markup in percent, rounded to the cent.
    pub fn cost_cents(self, percent: i64) -> i64 {
        (self.size().cost_cents * percent + 50) / 100
    }

    /// `"Black / M"`, as catalogues title variants.
    pub fn title(self) -> String {
        format!("{} / {}", self.color().name, self.size().name)
    }

    /// Units on hand: plenty, except one sold-out variant per product so stock shows.
    pub fn stock(self) -> i64 {
        let n = self.ordinal();
        if n == self.product().colors.len() * self.product().sizes.len() - 1 && n > 0 {
            0
        } else {
            200 + (n as i64 * 37) % 900
        }
    }

    /// Printify's catalogue variant id.
    pub fn printify_id(self) -> u32 {
        self.product().variant_base + (self.color as u32) * 20 + self.size as u32
    }
}

/// Every variant of every product, in catalogue order.
pub fn variants() -> impl Iterator<Item = VariantRef> {
    PRODUCTS.iter().enumerate().flat_map(|(p, product)| {
        (0..product.colors.len()).flat_map(move |c| {
            (0..product.sizes.len()).map(move |s| VariantRef {
                product: p,
                color: c,
                size: s,
            })
        })
    })
}

/// The variants of one product.
pub fn variants_of(product: usize) -> impl Iterator<Item = VariantRef> {
    variants().filter(move |v| v.product == product)
}

/// Finds a variant by colour and size names, case-insensitively (`"sport grey"`, `"m"`).
pub fn find(product: usize, color: &str, size: &str) -> Option<VariantRef> {
    variants_of(product).find(|v| {
        v.color().name.eq_ignore_ascii_case(color.trim())
            && v.size().name.eq_ignore_ascii_case(size.trim())
    })
}

/// What shipping costs for lines of `(variant, quantity)`: the dearest first item, then each
/// further unit at its product's additional rate. Answers the cost per line, in line order.
pub fn shipping_per_line(lines: &[(VariantRef, u32)], percent: i64) -> Vec<i64> {
    let first = lines
        .iter()
        .enumerate()
        .max_by_key(|(_, (v, _))| v.product().ship_first_cents)
        .map(|(i, _)| i);
    lines
        .iter()
        .enumerate()
        .map(|(i, (v, q))| {
            let p = v.product();
            let units = i64::from(*q);
            let cents = if Some(i) == first {
                p.ship_first_cents + (units - 1).max(0) * p.ship_additional_cents
            } else {
                units * p.ship_additional_cents
            };
            (cents * percent + 50) / 100
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_ids_are_unique() {
        let mut ids: Vec<u32> = variants().map(|v| v.printify_id()).collect();
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n);
    }

    #[test]
    fn shipping_charges_the_first_item_once() {
        let tee = find(0, "Black", "M").expect("tee");
        let mug = find(3, "White", "11oz").expect("mug");
        let costs = shipping_per_line(&[(tee, 2), (mug, 1)], 100);
        assert_eq!(costs, vec![240 * 2, 699]);
    }
}
