//! A program without `sim::CountingAlloc` as its allocator (this test binary installs none) gets
//! a clear refusal for RustPython cells, whose memory budget counts through it, instead of cells
//! that could allocate without bound. CPython's budget is its instance's own memory limit and
//! needs no allocator.

#[test]
fn rustpython_refuses_to_run_without_the_counting_allocator() {
    let err = sim::python::executor(sim::PythonKind::RustPython)
        .warm_up()
        .expect_err("no counting allocator here");
    assert!(err.contains("sim::CountingAlloc"), "{err}");
}
