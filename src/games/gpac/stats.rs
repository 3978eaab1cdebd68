//! The statistics of an experiment report: mean, sample variance, Welch's t-test and
//! the F-test for equal variances (two-sided p-values, from `statrs`' distributions).

use serde::Serialize;
use statrs::distribution::{ContinuousCDF, FisherSnedecor, StudentsT};

/// Mean of a sample (NaN for an empty one).
pub fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// Sample variance (n − 1 in the denominator; NaN below two values).
pub fn variance(xs: &[f64]) -> f64 {
    let m = mean(xs);
    xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (xs.len() as f64 - 1.0)
}

/// A test's statistic, degrees of freedom and two-sided p-value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TestResult {
    /// t or F.
    pub statistic: f64,
    /// Degrees of freedom (Welch–Satterthwaite for t; the numerator's for F).
    pub df: f64,
    /// The denominator's degrees of freedom (F only; 0 for t).
    pub df2: f64,
    /// Two-sided p-value.
    pub p: f64,
}

/// Welch's t-test of equal means, not assuming equal variances (scipy's
/// `ttest_ind(a, b, equal_var=False)`).
///
/// ```
/// use gridlab::games::gpac::stats::welch_t_test;
/// let r = welch_t_test(&[1.0, 2.0, 3.0, 4.0], &[2.0, 4.0, 6.0, 8.0, 10.0]).unwrap();
/// // scipy.stats.ttest_ind(a, b, equal_var=False): t = -2.2514, p = 0.0691
/// assert!((r.statistic - -2.2514).abs() < 1e-3);
/// assert!((r.p - 0.0691).abs() < 1e-3);
/// ```
pub fn welch_t_test(a: &[f64], b: &[f64]) -> Option<TestResult> {
    if a.len() < 2 || b.len() < 2 {
        return None;
    }
    let (na, nb) = (a.len() as f64, b.len() as f64);
    let (va, vb) = (variance(a) / na, variance(b) / nb);
    if va + vb == 0.0 {
        return None;
    }
    let t = (mean(a) - mean(b)) / (va + vb).sqrt();
    let df = (va + vb).powi(2) / (va.powi(2) / (na - 1.0) + vb.powi(2) / (nb - 1.0));
    let dist = StudentsT::new(0.0, 1.0, df).ok()?;
    Some(TestResult {
        statistic: t,
        df,
        df2: 0.0,
        p: (2.0 * dist.cdf(-t.abs())).min(1.0),
    })
}

/// The F-test of equal variances: F = var(a) / var(b) with (n_a − 1, n_b − 1)
/// degrees of freedom, two-sided.
///
/// ```
/// use gridlab::games::gpac::stats::f_test;
/// let r = f_test(&[1.0, 2.0, 3.0, 4.0], &[2.0, 4.0, 6.0, 8.0, 10.0]).unwrap();
/// assert!((r.statistic - 0.1667).abs() < 1e-3);
/// assert!((r.p - 0.1728).abs() < 1e-3);
/// ```
pub fn f_test(a: &[f64], b: &[f64]) -> Option<TestResult> {
    if a.len() < 2 || b.len() < 2 {
        return None;
    }
    let (vb, va) = (variance(b), variance(a));
    if vb == 0.0 {
        return None;
    }
    let f = va / vb;
    let (df1, df2) = (a.len() as f64 - 1.0, b.len() as f64 - 1.0);
    let dist = FisherSnedecor::new(df1, df2).ok()?;
    let lower = dist.cdf(f);
    Some(TestResult {
        statistic: f,
        df: df1,
        df2,
        p: (2.0 * lower.min(1.0 - lower)).min(1.0),
    })
}
