//! venmo's unit tests.

/// venmo's part of the conformance test (which stops at the first app that differs): the
/// documented success examples, number types included.
#[test]
fn success_examples_match_the_vendored_spec() {
    let spec = crate::spec::apis().as_array().unwrap();
    for api in crate::app::App::apis(&super::Venmo) {
        let theirs = spec
            .iter()
            .find(|a| a["app"] == super::APP && a["api"] == api.name)
            .unwrap_or_else(|| panic!("{} is not in apis.json", api.name));
        assert_eq!(
            api.success, theirs["response"]["success"],
            "{}: success example",
            api.name
        );
    }
}
