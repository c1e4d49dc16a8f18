//! A template's price formula: arithmetic over one variable, `price`, e.g. `price * 1.3 + 2`.
//!
//! The formula is checked token by token here first, so that a seller learns where it is wrong
//! (evalexpr reports what is wrong but not where) and so that nothing but numbers, `price`,
//! `+ - * / % ^` and parentheses reaches the evaluator: no functions, no assignments, no strings.
//! evalexpr then parses and evaluates the checked formula.
use evalexpr::{ContextWithMutableVariables, DefaultNumericTypes, HashMapContext, Node, Value};

use crate::{DomainError, Result};

const FIELD: &str = "priceFormula";
const MAX_LEN: usize = 200;
/// The price a new formula is tried on before it is saved: it must give a usable price.
const SAMPLE_PRICE: f64 = 19.99;

#[derive(Debug, Clone)]
pub struct PriceFormula {
    source: String,
    tree: Node<DefaultNumericTypes>,
}

impl PriceFormula {
    pub fn parse(raw: &str) -> Result<Self> {
        let source = raw.trim().to_owned();
        if source.is_empty() {
            return Err(DomainError::bad_input(
                FIELD,
                "must not be empty; leave it out to keep prices",
            ));
        }
        if source.chars().count() > MAX_LEN {
            return Err(DomainError::bad_input(
                FIELD,
                format!("must be at most {MAX_LEN} characters"),
            ));
        }
        let normalised = check(&source)?;
        let tree = evalexpr::build_operator_tree::<DefaultNumericTypes>(&normalised)
            .map_err(|e| DomainError::bad_input(FIELD, format!("cannot be read: {e}")))?;
        let formula = Self { source, tree };
        match formula.eval(SAMPLE_PRICE) {
            Some(v) if v >= 0.0 => Ok(formula),
            Some(v) => Err(DomainError::bad_input(
                FIELD,
                format!("gives a negative price ({v}) for a price of {SAMPLE_PRICE}"),
            )),
            None => Err(DomainError::bad_input(
                FIELD,
                format!("gives no finite number for a price of {SAMPLE_PRICE}"),
            )),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// The formula applied to a price; `None` when the result is not a finite number.
    pub fn eval(&self, price: f64) -> Option<f64> {
        let mut context = HashMapContext::<DefaultNumericTypes>::new();
        context.set_builtin_functions_disabled(true).ok()?;
        context
            .set_value("price".into(), Value::Float(price))
            .ok()?;
        let v = self.tree.eval_number_with_context(&context).ok()?;
        v.is_finite().then_some(v)
    }

    /// The formula applied to a price in cents, rounded to the cent; `None` when it gives no
    /// finite non-negative price.
    pub fn apply_cents(&self, cents: i64) -> Option<i64> {
        let v = self.eval(cents as f64 / 100.0)?;
        (v >= 0.0 && v < (i64::MAX / 100) as f64).then(|| (v * 100.0).round() as i64)
    }
}

use evalexpr::Context as _;

/// Walks the formula as operand/operator alternation and returns it with every integer written
/// as a float, so that `price * 3 / 2` never becomes integer division.
fn check(source: &str) -> Result<String> {
    let at = |pos: usize, what: String| {
        DomainError::bad_input(FIELD, format!("{what} at position {}", pos + 1))
    };
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len() + 8);
    let mut expect_operand = true;
    let mut open: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if expect_operand {
            if c.is_ascii_digit() || c == '.' {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                    i += 1;
                }
                let number: String = chars[start..i].iter().collect();
                if number.parse::<f64>().is_err() || number.matches('.').count() > 1 {
                    return Err(at(start, format!("'{number}' is not a number")));
                }
                out.push_str(&number);
                if !number.contains('.') {
                    out.push_str(".0");
                }
                expect_operand = false;
                continue;
            }
            if c.is_alphabetic() || c == '_' {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if word != "price" {
                    return Err(at(
                        start,
                        format!("unknown name '{word}' (only `price` may be used)"),
                    ));
                }
                out.push_str("price");
                expect_operand = false;
                continue;
            }
            match c {
                '(' => open.push(i),
                '-' => {}
                _ => {
                    return Err(at(
                        i,
                        format!("expected a number, `price` or '(' but found '{c}'"),
                    ));
                }
            }
        } else {
            match c {
                '+' | '-' | '*' | '/' | '%' | '^' => expect_operand = true,
                ')' => {
                    if open.pop().is_none() {
                        return Err(at(i, "unmatched ')'".to_owned()));
                    }
                }
                _ => {
                    return Err(at(
                        i,
                        format!("expected an operator or ')' but found '{c}'"),
                    ));
                }
            }
        }
        out.push(' ');
        out.push(c);
        out.push(' ');
        i += 1;
    }
    if expect_operand {
        return Err(at(
            chars.len(),
            "the formula ends where a number or `price` is expected".to_owned(),
        ));
    }
    if let Some(pos) = open.pop() {
        return Err(at(pos, "'(' is never closed".to_owned()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(raw: &str) -> String {
        match PriceFormula::parse(raw) {
            Err(DomainError::BadInput { field, message }) => {
                assert_eq!(field, "priceFormula");
                message
            }
            other => panic!("{raw}: expected bad input, got {other:?}"),
        }
    }

    #[test]
    fn evaluates_arithmetic_over_price() {
        let f = PriceFormula::parse("price * 1.3 + 2").expect("valid");
        assert_eq!(f.apply_cents(1000), Some(1500));
        let f = PriceFormula::parse("(price + 1) * 3 / 2").expect("valid");
        assert_eq!(f.apply_cents(100), Some(300));
        let f = PriceFormula::parse("-2 + price").expect("valid");
        assert_eq!(f.apply_cents(500), Some(300));
        assert_eq!(f.apply_cents(100), None);
        assert_eq!(
            PriceFormula::parse(" price ").expect("valid").as_str(),
            "price"
        );
    }

    #[test]
    fn rejects_with_the_position() {
        assert!(
            message("price * cost").contains("unknown name 'cost'")
                && message("price * cost").contains("position 9")
        );
        assert!(message("price *").contains("position 8"));
        assert!(message("(price + 1").contains("position 1"));
        assert!(message("price + 1)").contains("position 10"));
        assert!(message("price $ 2").contains("position 7"));
        assert!(message("1.2.3 * price").contains("position 1"));
        assert!(message("max(price, 1)").contains("unknown name 'max'"));
        assert!(message("price = 3").contains("position 7"));
        assert!(message("\"a\" + price").contains("position 1"));
    }

    #[test]
    fn rejects_unusable_results() {
        assert!(message("price / 0").contains("no finite number"));
        assert!(message("0 - price").contains("negative"));
        assert!(message("").contains("empty"));
    }
}
