"""Reference and replbed servers behind one interface (see base.py)."""

from harness.providers.base import (
    BinaryNotFoundError,
    PortInUseError,
    ProviderError,
    ServerDiedError,
    ServerHandle,
    ServerProvider,
    ServerSettings,
    StartTimeoutError,
)


def get_provider(name: str) -> "ServerProvider":
    """The provider called ``name`` (``local``, ``docker``, ``replbed``)."""
    if name == "local":
        from harness.providers.local import LocalMariaDBProvider

        return LocalMariaDBProvider()
    if name == "replbed":
        from harness.providers.replbed import ReplbedProvider

        return ReplbedProvider()
    if name == "docker":
        from harness.providers.docker import DockerProvider

        return DockerProvider()
    raise ProviderError(f"unknown provider {name!r}; expected local, docker or replbed")


__all__ = [
    "BinaryNotFoundError",
    "PortInUseError",
    "ProviderError",
    "ServerDiedError",
    "ServerHandle",
    "ServerProvider",
    "ServerSettings",
    "StartTimeoutError",
    "get_provider",
]
