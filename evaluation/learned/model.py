"""The learned residual model: a per-patch manipulation logit from a 32x32 luminance patch (levels 0-255).

A fixed high-pass front (four SRM-style kernels, truncated at +-3 levels, as steganalysis and
image-forensics networks do), then three small convolutions on the residual, pooled, and joined by the
patch's brightness and contrast (a flat or clipped patch has little residual for a reason of its own).
About 260,000 multiply-adds per patch and 6,545 weights.
"""
import torch
from torch import nn

TRUNCATION = 3.0
ENERGIES = 8


def srm_kernels():
    """Four 5x5 high-pass kernels: SRM's KV and KB, and the second differences along rows and columns."""
    kv = torch.tensor([[-1, 2, -2, 2, -1],
                       [2, -6, 8, -6, 2],
                       [-2, 8, -12, 8, -2],
                       [2, -6, 8, -6, 2],
                       [-1, 2, -2, 2, -1]], dtype=torch.float32) / 12
    kb = torch.zeros(5, 5)
    kb[1:4, 1:4] = torch.tensor([[-1, 2, -1], [2, -4, 2], [-1, 2, -1]], dtype=torch.float32) / 4
    h = torch.zeros(5, 5)
    h[2, 1:4] = torch.tensor([1, -2, 1], dtype=torch.float32) / 2
    v = h.t().clone()
    return torch.stack([kv, kb, h, v]).unsqueeze(1)


class ResidualNet(nn.Module):
    """width: channels of the convolutions; spread: also read each residual energy in spreads of the picture's own
    (its deviation from the picture's mean over the picture's standard deviation across patches)."""

    def __init__(self, width=16, spread=False):
        super().__init__()
        self.spread = spread
        self.register_buffer('srm', srm_kernels())
        self.patchify = nn.Conv2d(4, width, kernel_size=4, stride=4)      # 28x28 -> 7x7
        self.mix = nn.Conv2d(width, width, kernel_size=3, padding=1)      # 7x7
        self.reduce = nn.Conv2d(width, width, kernel_size=3, stride=2)    # 7x7 -> 3x3
        inputs = width + 2 + (3 if spread else 2) * ENERGIES
        self.head = nn.Sequential(nn.Linear(inputs, 24), nn.ReLU(), nn.Linear(24, 1))

    def energies(self, x):
        """Per patch, the log mean magnitude of each high-pass residual, truncated and not: (N, 8)."""
        return self.energies_of(nn.functional.conv2d(x, self.srm))

    @staticmethod
    def energies_of(r):
        raw = torch.log(torch.abs(r).mean(dim=(2, 3)) + 0.1)
        cut = torch.log(torch.abs(torch.clamp(r, -TRUNCATION, TRUNCATION)).mean(dim=(2, 3)) + 0.1)
        return torch.cat([raw, cut], dim=1)

    @staticmethod
    def context_of(e):
        """A picture's context from its patches' energies (N, 8): their mean and standard deviation, (1, 16)."""
        mean = e.mean(dim=0, keepdim=True)
        deviation = torch.sqrt(((e - mean) * (e - mean)).mean(dim=0, keepdim=True))
        return torch.cat([mean, deviation], dim=1)

    def forward(self, x, context=None):
        """x: (N, 1, 32, 32) luminance in levels, every patch of one picture; context: the picture's (1, 16)
        (context_of), computed from x when not given (as in the exported model, which scores one picture per call)."""
        r = nn.functional.conv2d(x, self.srm)  # once: the energies and the convolutions read the same residual
        e = self.energies_of(r)
        if context is None:
            context = self.context_of(e)
        r = torch.clamp(r, -TRUNCATION, TRUNCATION) / TRUNCATION
        f = torch.relu(self.patchify(r))
        f = torch.relu(self.mix(f))
        f = torch.relu(self.reduce(f))
        f = f.mean(dim=(2, 3))
        mean = x.mean(dim=(2, 3))
        centred = x - mean.view(-1, 1, 1, 1)
        spread = torch.sqrt((centred * centred).mean(dim=(2, 3)) + 1e-6)
        side = torch.cat([mean / 255.0, torch.log(spread + 1.0) / 5.0], dim=1)
        inputs = [f, side, e, e - context[:, :ENERGIES]]
        if self.spread:
            inputs.append((e - context[:, :ENERGIES]) / (context[:, ENERGIES:] + 0.05))
        return self.head(torch.cat(inputs, dim=1)).squeeze(1)
