//! Backend choices: the default CPU backend, its autodiff wrapper, and CUDA behind `cuda`.

/// The default CPU backend: burn's `flex` (faster than `ndarray` here; see the README).
#[cfg(any(feature = "flex", feature = "flex-plain"))]
pub type Cpu = burn::backend::Flex;
/// The default CPU backend: `ndarray` (built without the `flex` feature).
#[cfg(all(
    not(any(feature = "flex", feature = "flex-plain")),
    feature = "ndarray"
))]
pub type Cpu = burn::backend::NdArray;

/// The CPU backend with automatic differentiation, for LoRA training.
#[cfg(any(feature = "flex", feature = "flex-plain", feature = "ndarray"))]
pub type CpuTrain = burn::backend::Autodiff<Cpu>;

/// The CUDA backend (needs the CUDA driver and NVRTC at run time, not at build time).
#[cfg(feature = "cuda")]
pub type Cuda = burn::backend::Cuda;

/// The CUDA backend with automatic differentiation.
#[cfg(feature = "cuda")]
pub type CudaTrain = burn::backend::Autodiff<Cuda>;
