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


def get_provider(name: str, kind: str | None = None) -> "ServerProvider":
    """The provider called ``name`` (``local``, ``docker``, ``replbed``); ``local`` and
    ``docker`` start the real server ``kind`` (harness/kinds.py; None: MariaDB 10.11)."""
    from harness.kinds import get_kind

    real = get_kind(kind)
    if name == "local":
        if real.needs_root:
            from harness.providers.rootserver import RootServerProvider

            return RootServerProvider(real)
        from harness.providers.local import LocalMariaDBProvider

        return LocalMariaDBProvider()
    if name == "replbed":
        from harness.providers.replbed import ReplbedProvider

        return ReplbedProvider()
    if name == "docker":
        from harness.providers.docker import DockerProvider

        return DockerProvider(kind=real.name) if real.needs_root else DockerProvider()
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
