"""Trains the learned layout reader on renders made by make-data.ts and exports it to ONNX.

    python3 training/layout/train.py --data DIR [DIR ...] --out model.onnx [--steps 1500]

A small encoder-decoder (depthwise-separable convolutions, about 0.2 M weights) that gives, for
each pixel of the input, the probability that it belongs to each layout class (the order of
LAYOUT_CLASSES in src/engine/layout/learned/model-input.ts). Boxes are cut from the heat maps
in TypeScript (src/engine/layout/learned/boxes.ts), so training and the engine share one
decoder. Fixed seeds; CPU only; PyTorch and ONNX from Debian's packages.
"""
import argparse
import json
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

CLASSES = ["chart", "plot", "subWindow", "labelColumn", "label", "lastTag", "tag", "textBox"]
CORE_HEIGHT = {"chart": 1, "plot": 1, "subWindow": 0.6, "labelColumn": 1, "label": 0.5, "lastTag": 0.5, "tag": 0.5, "textBox": 0.5}
BUCKET = 128
# Small parts cover few pixels: their positive pixels weigh more in the cross-entropy, else the
# net learns to call every pixel background.
POS_WEIGHT = {"chart": 1, "plot": 1, "subWindow": 3, "labelColumn": 2, "label": 10, "lastTag": 20, "tag": 10, "textBox": 5}


def conv_bn(cin, cout, k=3, stride=1, groups=1, dilation=1):
    pad = dilation * (k // 2)
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, stride, pad, dilation=dilation, groups=groups, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class LayoutNet(nn.Module):
    """Encoder to 1/32 of the input with dilated context, decoder back to 1/2; the logits are
    scaled to the input's size, so a box's edge lands between the coarse cells."""

    def __init__(self, classes=len(CLASSES)):
        super().__init__()
        self.d1 = conv_bn(3, 16, stride=2)
        self.d2 = nn.Sequential(conv_bn(16, 24, stride=2), conv_bn(24, 24))
        self.d3 = nn.Sequential(conv_bn(24, 32, stride=2), conv_bn(32, 32))
        self.d4 = nn.Sequential(conv_bn(32, 48, stride=2), conv_bn(48, 48, dilation=2))
        self.d5 = nn.Sequential(conv_bn(48, 64, stride=2), conv_bn(64, 64, dilation=2), conv_bn(64, 64, dilation=4))
        self.u4 = conv_bn(64 + 48, 48)
        self.u3 = conv_bn(48 + 32, 32)
        self.u2 = conv_bn(32 + 24, 24)
        self.u1 = conv_bn(24 + 16, 16)
        self.head = nn.Conv2d(16, classes, 1)

    @staticmethod
    def up(x, skip):
        return torch.cat([F.interpolate(x, size=skip.shape[2:], mode="bilinear", align_corners=False), skip], 1)

    def forward(self, x, full=True):
        f1 = self.d1(x)
        f2 = self.d2(f1)
        f3 = self.d3(f2)
        f4 = self.d4(f3)
        f5 = self.d5(f4)
        y = self.u4(self.up(f5, f4))
        y = self.u3(self.up(y, f3))
        y = self.u2(self.up(y, f2))
        y = self.head(self.u1(self.up(y, f1)))
        return F.interpolate(y, size=x.shape[2:], mode="bilinear", align_corners=False) if full else y


def load(dirs):
    items = []
    for d in dirs:
        with open(os.path.join(d, "labels.jsonl")) as f:
            for line in f:
                rec = json.loads(line)
                img = np.asarray(Image.open(os.path.join(d, "images", rec["file"])).convert("RGB"))
                items.append((img, rec["boxes"]))
    return items


def masks(boxes, h, w):
    m = np.zeros((len(CLASSES), h, w), np.float32)
    for k, name in enumerate(CLASSES):
        core = CORE_HEIGHT[name]
        for x0, y0, x1, y1 in boxes.get(name, []):
            cy, half = (y0 + y1) / 2, (y1 - y0) * core / 2
            top, bottom = int(round(cy - half)), int(round(cy + half))
            bottom = max(bottom, top + 1)
            left, right = int(round(x0)), max(int(round(x1)), int(round(x0)) + 1)
            m[k, max(top, 0) : min(bottom, h), max(left, 0) : min(right, w)] = 1
    return m


def padded(n):
    return -(-n // BUCKET) * BUCKET


def batches(items, size, rng):
    """Batches of pictures of one padded shape, so a batch wastes little on padding."""
    buckets = {}
    for i, (img, _) in enumerate(items):
        buckets.setdefault((padded(img.shape[0]), padded(img.shape[1])), []).append(i)
    while True:
        keys = sorted(buckets)
        weights = [len(buckets[k]) for k in keys]
        key = rng.choices(keys, weights)[0]
        yield key, rng.sample(buckets[key], min(size, len(buckets[key])))


def tensors(items, idx, shape):
    h, w = shape
    x = np.zeros((len(idx), 3, h, w), np.float32)
    y = np.zeros((len(idx), len(CLASSES), h, w), np.float32)
    for j, i in enumerate(idx):
        img, boxes = items[i]
        ih, iw = img.shape[:2]
        x[j, :, :ih, :iw] = img.transpose(2, 0, 1) / 255.0
        y[j, :, :ih, :iw] = masks(boxes, ih, iw)
    return torch.from_numpy(x), torch.from_numpy(y)


def loss_of(logits, target):
    weight = torch.tensor([POS_WEIGHT[c] for c in CLASSES], dtype=torch.float32).view(1, -1, 1, 1)
    bce = F.binary_cross_entropy_with_logits(logits, target, pos_weight=weight)  # soft targets at box edges
    p = torch.sigmoid(logits)
    inter = (p * target).sum((2, 3))
    dice = 1 - (2 * inter + 1) / (p.sum((2, 3)) + target.sum((2, 3)) + 1)
    return bce * 10 + dice.mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", nargs="+", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    torch.set_num_threads(args.threads)
    items = load(args.data)
    print(f"{len(items)} pictures", flush=True)
    net = LayoutNet()
    print(f"{sum(p.numel() for p in net.parameters())} weights", flush=True)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.steps, pct_start=0.1)
    started = time.time()
    net.train()
    feed = batches(items, args.batch, rng)
    for step in range(args.steps):
        shape, idx = next(feed)
        x, y = tensors(items, idx, shape)
        # Colour jitter: themes the renderers never drew (channels swapped).
        if rng.random() < 0.2:
            x = x[:, torch.randperm(3, generator=torch.Generator().manual_seed(step))]
        # The loss is taken at the net's own resolution (half the input's), on the share of each
        # coarse cell a box covers; the exported model scales its logits up to the input's size.
        loss = loss_of(net(x, full=False), F.avg_pool2d(y, 2))
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 25 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.4f} {time.time() - started:.0f}s", flush=True)
    torch.save(net.state_dict(), args.out + ".pt")
    export(net, args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes) in {time.time() - started:.0f}s", flush=True)


def export(net, out):
    net.eval()
    dummy = torch.zeros(1, 3, 384, 640)
    torch.onnx.export(
        net,
        dummy,
        out,
        input_names=["image"],
        output_names=["logits"],
        dynamic_axes={"image": {2: "height", 3: "width"}, "logits": {2: "height", 3: "width"}},
        opset_version=13,
    )


if __name__ == "__main__":
    main()
