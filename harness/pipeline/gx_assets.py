"""Offline Data Docs: the CSS/JS/fonts GX links from CDNs, served from the site itself.

GX renders Data Docs pages that load Bootstrap, jQuery, bootstrap-table,
Font Awesome and Vega from jsdelivr/unpkg/cdnjs. Offline (the normal case on
a test machine) that is an empty, unstyled page. Those CDN files are npm
packages, so ``fetch_assets`` takes each pinned package once with ``npm pack``
(the registry's ordinary client) into a cache directory outside the repo, and
``localize_site`` copies the files into ``<site>/static/vendor/`` and points
every page at them. GX's logo images (an S3 bucket) are replaced by the copy
GX ships in ``static/images``. Nothing third-party is committed.

``python -m harness.pipeline.gx_assets fetch`` fills the cache
(scripts/bootstrap.sh runs it when npm is present).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

# CDN URL -> (npm package spec, path inside the package). The versions are the
# ones GX 1.x pins in its templates (a CDN "@5" means the newest 5.x).
ASSETS: dict[str, tuple[str, str]] = {
    "https://maxcdn.bootstrapcdn.com/bootstrap/4.3.1/css/bootstrap.min.css":
        ("bootstrap@4.3.1", "dist/css/bootstrap.min.css"),
    "https://stackpath.bootstrapcdn.com/bootstrap/4.3.1/js/bootstrap.min.js":
        ("bootstrap@4.3.1", "dist/js/bootstrap.min.js"),
    "https://code.jquery.com/jquery-3.7.1.min.js": ("jquery@3.7.1", "dist/jquery.min.js"),
    "https://cdnjs.cloudflare.com/ajax/libs/popper.js/1.12.9/umd/popper.min.js":
        ("popper.js@1.12.9", "dist/umd/popper.min.js"),
    "https://unpkg.com/bootstrap-table@1.19.1/dist/bootstrap-table.min.css":
        ("bootstrap-table@1.19.1", "dist/bootstrap-table.min.css"),
    "https://unpkg.com/bootstrap-table@1.19.1/dist/bootstrap-table.min.js":
        ("bootstrap-table@1.19.1", "dist/bootstrap-table.min.js"),
    "https://unpkg.com/bootstrap-table@1.19.1/dist/extensions/filter-control/bootstrap-table-filter-control.min.js":
        ("bootstrap-table@1.19.1", "dist/extensions/filter-control/bootstrap-table-filter-control.min.js"),
    "https://unpkg.com/bootstrap-table@1.19.0/dist/extensions/filter-control/bootstrap-table-filter-control.min.css":
        ("bootstrap-table@1.19.1", "dist/extensions/filter-control/bootstrap-table-filter-control.min.css"),
    "https://cdnjs.cloudflare.com/ajax/libs/bootstrap-datepicker/1.9.0/css/bootstrap-datepicker.min.css":
        ("bootstrap-datepicker@1.9.0", "dist/css/bootstrap-datepicker.min.css"),
    "https://cdnjs.cloudflare.com/ajax/libs/bootstrap-datepicker/1.9.0/js/bootstrap-datepicker.min.js":
        ("bootstrap-datepicker@1.9.0", "dist/js/bootstrap-datepicker.min.js"),
    "https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.6.0/css/all.min.css":
        ("@fortawesome/fontawesome-free@6.6.0", "css/all.min.css"),
    "https://cdn.jsdelivr.net/npm/@forevolve/bootstrap-dark@1.1.0/dist/css/bootstrap-prefers-dark.css":
        ("@forevolve/bootstrap-dark@1.1.0", "dist/css/bootstrap-prefers-dark.css"),
    "https://cdn.jsdelivr.net/npm/vega@5": ("vega@5.33.1", "build/vega.min.js"),
    "https://cdn.jsdelivr.net/npm/vega-lite@5": ("vega-lite@5.23.0", "build/vega-lite.min.js"),
    "https://cdn.jsdelivr.net/npm/vega-embed@6": ("vega-embed@6.29.0", "build/vega-embed.min.js"),
}
# Directories a stylesheet loads relative to itself (Font Awesome's ../webfonts/).
EXTRA_DIRS: dict[str, str] = {"@fortawesome/fontawesome-free@6.6.0": "webfonts"}
# GX's logos come from S3; GX ships the same pictures in static/images.
IMAGES = {"great-expectations-web-assets.s3.us-east-2.amazonaws.com/full_logo_dark.png": "logo-long.png",
          "great-expectations-web-assets.s3.us-east-2.amazonaws.com/logo-long.png": "logo-long.png"}

_REMOTE_ASSET = re.compile(r"""(<(?:script|img|link|source|iframe)\b[^>]*?\b(?:src|href)\s*=\s*["'])(https?://[^"']*)""",
                           re.IGNORECASE)

_REMOTE_CSS_URL = re.compile(r"""(url\(\s*["']?)(https?://[^"')]+)""", re.IGNORECASE)


class AssetsMissing(RuntimeError):
    pass


def cache_dir() -> Path:
    """Where the npm packages are unpacked (``REPLBED_GX_ASSETS``, else ``<repo>/.cache/gx-assets``)."""
    env = os.environ.get("REPLBED_GX_ASSETS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / ".cache" / "gx-assets"


def _pkg_dir(spec: str) -> Path:
    return cache_dir() / spec.replace("/", "+")


def missing_packages() -> list[str]:
    specs = sorted({spec for spec, _ in ASSETS.values()})
    return [s for s in specs if not all((_pkg_dir(s) / path).is_file()
                                        for sp, path in ASSETS.values() if sp == s)]


def fetch_assets(progress=print) -> Path:
    """``npm pack`` every pinned package not yet in the cache and unpack it there."""
    npm = shutil.which("npm")
    todo = missing_packages()
    if todo and npm is None:
        raise AssetsMissing(f"npm not found; cannot fetch Data Docs assets {todo} into {cache_dir()}")
    for spec in todo:
        assert npm is not None
        dest = _pkg_dir(spec)
        with tempfile.TemporaryDirectory(prefix="gx-assets-") as tmp:
            res = subprocess.run([npm, "pack", spec, "--silent", "--pack-destination", tmp],
                                 capture_output=True, text=True, timeout=300, check=False)
            tgz = sorted(Path(tmp).glob("*.tgz"))
            if res.returncode != 0 or not tgz:
                raise AssetsMissing(f"npm pack {spec} failed: {(res.stderr or res.stdout).strip()[:300]}")
            part = Path(tmp) / "x"
            with tarfile.open(tgz[0]) as tf:
                tf.extractall(part, filter="data")
            if dest.exists():
                shutil.rmtree(dest)
            # keep only what a page loads (the packages are ~75 MB unpacked)
            keep = [path for sp, path in ASSETS.values() if sp == spec] + [EXTRA_DIRS.get(spec)]
            for sub in filter(None, keep):
                src, dst = part / "package" / sub, dest / sub
                dst.parent.mkdir(parents=True, exist_ok=True)
                (shutil.copytree if src.is_dir() else shutil.copy2)(src, dst)
        if progress:
            progress(f"[gx-assets] {spec} -> {dest}")
    return cache_dir()


def _vendor_name(spec: str, path: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", spec) + "/" + path


def install_vendor(site: Path) -> Path:
    """Copy the cached files into ``<site>/static/vendor`` (once per site)."""
    missing = missing_packages()
    if missing:
        raise AssetsMissing(f"Data Docs assets not in {cache_dir()}: {missing} "
                            "(run: python -m harness.pipeline.gx_assets fetch)")
    vendor = Path(site) / "static" / "vendor"
    for spec, path in set(ASSETS.values()):
        dst = vendor / _vendor_name(spec, path)
        if not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(_pkg_dir(spec) / path, dst)
    for spec, sub in EXTRA_DIRS.items():
        dst = vendor / _vendor_name(spec, sub)
        if not dst.exists():
            shutil.copytree(_pkg_dir(spec) / sub, dst)
    return vendor


def localize_page(page: Path, site: Path) -> bool:
    """Point one page's CDN links at the site's vendor copies; drop any other remote asset."""
    text = page.read_text(encoding="utf-8")
    if "http" not in text:
        return False
    up = os.path.relpath(site, page.parent).replace(os.sep, "/")

    def sub(m: re.Match) -> str:
        url = m.group(2)
        if url in ASSETS:
            spec, path = ASSETS[url]
            return m.group(1) + f"{up}/static/vendor/{_vendor_name(spec, path)}"
        bare = url.split("://", 1)[1].split("?", 1)[0]
        if bare in IMAGES:
            return m.group(1) + f"{up}/static/images/{IMAGES[bare]}"
        # an unknown remote asset would need the network: leave it out
        return m.group(1) + "data:,"

    def sub_css(m: re.Match) -> str:
        bare = m.group(2).split("://", 1)[1].split("?", 1)[0]
        local = f"{up}/static/images/{IMAGES[bare]}" if bare in IMAGES else "data:,"
        return m.group(1) + local

    new = _REMOTE_ASSET.sub(sub, text)
    new = _REMOTE_CSS_URL.sub(sub_css, new)
    if new != text:
        page.write_text(new, encoding="utf-8")
        return True
    return False


def localize_site(site: Path) -> int:
    """Make every page of a Data Docs site load only local files; returns pages changed."""
    site = Path(site)
    install_vendor(site)
    return sum(1 for page in site.rglob("*.html") if localize_page(page, site))


def remote_assets(html: str) -> list[str]:
    """Remote URLs a page would load (scripts, styles, images, CSS url()/@import)."""
    found = [m.group(2) for m in _REMOTE_ASSET.finditer(html)]
    found += re.findall(r"""url\(\s*["']?(https?://[^"')]+)""", html, re.IGNORECASE)
    found += re.findall(r"""@import\s+(?:url\()?\s*["']?(https?://[^"')\s;]+)""", html, re.IGNORECASE)
    return found


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["fetch"]:
        try:
            fetch_assets()
        except AssetsMissing as exc:
            print(f"gx_assets: {exc}", file=sys.stderr)
            return 1
        print(f"[gx-assets] cache complete: {cache_dir()}")
        return 0
    print("usage: python -m harness.pipeline.gx_assets fetch", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
