//! Values shared by the catalogue areas (templates, products, brands, designs): product types,
//! package measures, money and text rules.
use crate::{DomainError, Result};

/// Where a product comes from, and how it is made.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ProductType {
    Dropship,
    Pod,
}

impl ProductType {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum WeightUnit {
    Kilogram,
    Pound,
}

impl WeightUnit {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum DimensionUnit {
    Centimeter,
    Inch,
}

impl DimensionUnit {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weight {
    pub value: f64,
    pub unit: WeightUnit,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dimensions {
    pub length: f64,
    pub width: f64,
    pub height: f64,
    pub unit: DimensionUnit,
}

/// The package measures of a product or template row (the same columns in both tables).
pub fn package_of_row(
    row: &sqlx::any::AnyRow,
    table: &'static str,
) -> Result<(Option<Weight>, Option<Dimensions>)> {
    use sqlx::Row;
    let weight = match (
        row.try_get::<Option<f64>, _>("package_weight_value")?,
        crate::stored::optional(row, table, "package_weight_unit")?,
    ) {
        (Some(value), Some(unit)) => Some(Weight { value, unit }),
        _ => None,
    };
    let dimensions = match (
        row.try_get::<Option<f64>, _>("package_length")?,
        row.try_get::<Option<f64>, _>("package_width")?,
        row.try_get::<Option<f64>, _>("package_height")?,
        crate::stored::optional(row, table, "package_dimension_unit")?,
    ) {
        (Some(length), Some(width), Some(height), Some(unit)) => Some(Dimensions {
            length,
            width,
            height,
            unit,
        }),
        _ => None,
    };
    Ok((weight, dimensions))
}

fn positive(field: &str, v: f64) -> Result<f64> {
    if v.is_finite() && v > 0.0 && v < 1e9 {
        Ok(v)
    } else {
        Err(DomainError::bad_input(
            field,
            "must be a number greater than 0",
        ))
    }
}

pub fn parse_weight(field: &str, w: Weight) -> Result<Weight> {
    Ok(Weight {
        value: positive(&format!("{field}.value"), w.value)?,
        unit: w.unit,
    })
}

pub fn parse_dimensions(field: &str, d: Dimensions) -> Result<Dimensions> {
    Ok(Dimensions {
        length: positive(&format!("{field}.length"), d.length)?,
        width: positive(&format!("{field}.width"), d.width)?,
        height: positive(&format!("{field}.height"), d.height)?,
        unit: d.unit,
    })
}

/// Trimmed text of 1 to `max` characters.
pub fn required_text(field: &str, raw: &str, max: usize) -> Result<String> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(DomainError::bad_input(field, "must not be empty"));
    }
    if text.chars().count() > max {
        return Err(DomainError::bad_input(
            field,
            format!("must be at most {max} characters"),
        ));
    }
    Ok(text.to_owned())
}

/// A price shown as a Float, as integer cents: finite, 0 or more, at most two decimals' worth.
pub fn cents(field: &str, price: f64) -> Result<i64> {
    if !price.is_finite() || !(0.0..=1e11).contains(&price) {
        return Err(DomainError::bad_input(
            field,
            "must be a price of 0 or more",
        ));
    }
    Ok((price * 100.0).round() as i64)
}

/// A case-insensitive `LIKE … ESCAPE '\'` pattern that matches `search` anywhere; the wildcards
/// a seller types are matched literally.
pub fn like_pattern(search: &str) -> String {
    let mut p = String::from("%");
    for c in search.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    p
}
