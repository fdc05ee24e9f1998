// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {Share} from "./Share.sol";
import {NavSource} from "./NavSource.sol";
import {VaultAccounting} from "./VaultAccounting.sol";
import "./Errors.sol";

/// svc-pipe-v2's vault: the accounting (VaultAccounting) over a separate Share token it owns. It holds the vault's
/// USDC; the pipes and the keeper act through it.
contract Core is VaultAccounting {
    using SafeERC20 for IERC20;

    Share public immutable share;

    address public depositPipe;
    address public redemptionPipe;

    event Wired(address depositPipe, address redemptionPipe, address strategy, address navSource);

    constructor(
        address owner_,
        IERC20 asset_,
        string memory shareName,
        string memory shareSymbol,
        address treasury_,
        address keeper_,
        Params memory p
    ) VaultAccounting(owner_, asset_, treasury_, keeper_, p) {
        share = new Share(shareName, shareSymbol, _shareDecimals);
    }

    function wire(address depositPipe_, address redemptionPipe_, address strategy_, NavSource navSource_) external onlyOwner {
        if (depositPipe != address(0)) revert AlreadyWired();
        if (depositPipe_ == address(0) || redemptionPipe_ == address(0) || strategy_ == address(0)) revert ZeroAddress();
        depositPipe = depositPipe_;
        redemptionPipe = redemptionPipe_;
        strategy = strategy_;
        navSource = navSource_;
        emit Wired(depositPipe_, redemptionPipe_, strategy_, address(navSource_));
    }

    // ---------------------------------------------------------------- the shares live in Share

    function totalSupply() public view returns (uint256) {
        return share.totalSupply();
    }

    function _totalShares() internal view override returns (uint256) {
        return share.totalSupply();
    }

    function _sharesOf(address holder) internal view override returns (uint256) {
        return share.balanceOf(holder);
    }

    function _mintShares(address to, uint256 shares) internal override {
        share.mint(to, shares);
    }

    function _burnEscrowed(uint256 shares) internal override {
        share.burn(redemptionPipe, shares);
    }

    function escrowedShares() public view override returns (uint256) {
        return share.balanceOf(redemptionPipe);
    }

    function _depositSpender() internal view override returns (address) {
        return depositPipe;
    }

    // ---------------------------------------------------------------- ERC-4626-style views

    function previewRedeem(uint256 shares) public view returns (uint256) {
        return convertToAssets(shares);
    }

    function maxRedeem(address owner_) external view returns (uint256) {
        return share.balanceOf(owner_);
    }

    function maxWithdraw(address owner_) external view returns (uint256) {
        return Math.min(convertToAssets(share.balanceOf(owner_)), instantRedeemCapacity());
    }

    // ---------------------------------------------------------------- pipe entry points

    function mintFor(address receiver, uint256 shares) external only(depositPipe) {
        share.mint(receiver, shares);
    }

    function escrowShares(address owner_, uint256 shares) external only(redemptionPipe) {
        uint256 balance = share.balanceOf(owner_);
        if (balance < shares) revert InsufficientShares(balance, shares);
        share.coreTransfer(owner_, redemptionPipe, shares);
    }

    function returnShares(address owner_, uint256 shares) external only(redemptionPipe) {
        share.coreTransfer(redemptionPipe, owner_, shares);
    }

    function reserveForRedemption(uint256 shares) external only(redemptionPipe) returns (uint256 assets) {
        return _reserveFor(shares);
    }

    function payReserved(address receiver, uint256 assets) external only(redemptionPipe) {
        _payReserved(receiver, assets);
    }

    function redeemInstantFor(address owner_, address receiver, uint256 shares, uint256 minAssetsOut)
        external
        only(redemptionPipe)
        returns (uint256 assets)
    {
        assets = _instantAssets(owner_, shares, minAssetsOut);
        share.burn(owner_, shares);
        _asset.safeTransfer(receiver, assets);
    }
}
